import type { RoleName } from "@kort/core";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Person, SET_ROLE_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";
import { useAssignableRoles } from "./usePeopleQueries.ts";

/** Spec 6 and 7, set role: a select of the roles the caller may assign (get_available_roles). */
export function ChangeRoleModal({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useAssignableRoles();
  const [role, setRole] = useState<RoleName>(person.role);
  const save = usePeopleMutation(SET_ROLE_MUTATION, "role", () =>
    t("people.toast.roleChanged", { name: person.full_name }),
  );
  const options = (roles.data ?? []).map((name) => ({ value: name, label: t(`roles.${name}`) }));
  const pick = (value: string | null) => {
    const chosen = roles.data?.find((name) => name === value);
    if (chosen) setRole(chosen);
  };

  return (
    <Modal opened onClose={onClose} title={t("people.role.title", { name: person.full_name })}>
      <Stack gap="md">
        <Select
          label={t("people.list.role")}
          data={options}
          value={role}
          onChange={pick}
          allowDeselect={false}
          disabled={roles.isPending}
          comboboxProps={{ withinPortal: true }}
          data-testid="role-select"
        />
        {person.role === "team_admin" && role !== "team_admin" && (
          <Text size="sm" c="dimmed">
            {t("people.role.leavesTeamAdmin")}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("people.cancel")}
          </Button>
          <Button
            disabled={role === person.role}
            loading={save.isPending}
            onClick={() => save.mutate({ user_id: person.user_id, role_name: role }, { onSuccess: onClose })}
            data-testid="role-save"
          >
            {t("people.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
