import { Badge, Group, Menu, Table, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DANGER_MENU_ITEM_COLOR } from "../../app/theme-contrast.ts";
import { ColumnHeader, CutText, NoWrapCell, ShrinkCell } from "../../ui/table/cells.tsx";
import { RowMenu } from "../../ui/table/RowMenu.tsx";
import type { Person } from "./people.graphql.ts";
import type { RowAction } from "./people-permissions.ts";

const ACTION_KEYS = {
  role: "people.actions.role",
  limits: "people.actions.limits",
  unlock: "people.actions.unlock",
  remove: "people.actions.remove",
} as const;

type Props = {
  people: readonly Person[];
  actionsFor: (person: Person) => RowAction[];
  onAction: (action: RowAction, person: Person) => void;
};

/** Spec 2, /people: full name, e-mail, role and teams of each member, with the actions the caller may take. */
export function UsersTable({ people, actionsFor, onAction }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeader label={t("people.list.name")} shrink={{ share: "30%", min: 120 }} />
            <ColumnHeader label={t("people.list.email")} shrink={{ share: "30%", min: 120 }} />
            <ColumnHeader label={t("people.list.role")} />
            <ColumnHeader label={t("people.list.teams")} shrink={{ share: "25%", min: 80 }} />
            <Table.Th w={48}>
              <VisuallyHidden>{t("people.list.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const actions = actionsFor(person);
            return (
              <Table.Tr key={person.user_id} data-testid="user-row" data-email={person.email}>
                <ShrinkCell>
                  <Group gap="xs" wrap="nowrap">
                    <CutText fw={600}>{person.full_name}</CutText>
                    {person.locked && (
                      <Badge size="sm" color="red" variant="light" data-testid="user-locked">
                        {t("people.list.locked")}
                      </Badge>
                    )}
                  </Group>
                </ShrinkCell>
                <ShrinkCell>
                  <CutText>{person.email}</CutText>
                </ShrinkCell>
                <NoWrapCell data-testid="user-role" data-role={person.role}>
                  <Text size="sm">{t(`roles.${person.role}`)}</Text>
                </NoWrapCell>
                <ShrinkCell>
                  {person.teams.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t("people.list.noTeams")}
                    </Text>
                  ) : (
                    <CutText>{person.teams.map((team) => team.name).join(", ")}</CutText>
                  )}
                </ShrinkCell>
                <Table.Td>
                  {actions.length > 0 && (
                    <RowMenu label={t("people.list.actionsFor", { name: person.full_name })} testId="user-actions">
                      {actions.map((action) => (
                        <Menu.Item
                          key={action}
                          color={action === "remove" ? DANGER_MENU_ITEM_COLOR : undefined}
                          onClick={() => onAction(action, person)}
                          data-testid={`user-action-${action}`}
                        >
                          {t(ACTION_KEYS[action])}
                        </Menu.Item>
                      ))}
                    </RowMenu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
