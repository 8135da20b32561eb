import { ActionIcon, Badge, Card, Group, Stack, Switch, Text, Title, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AddMemberDropdown } from "./AddMemberDropdown.tsx";
import { ADD_TEAM_USER_MUTATION, REMOVE_TEAM_USER_MUTATION, type TeamPerson } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

/** The team's members; those who manage teams add and remove them and choose the team's admins. */
export function TeamMembersCard({
  teamId,
  members,
  canManage,
}: {
  teamId: string;
  members: readonly TeamPerson[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const add = useTeamMutation(ADD_TEAM_USER_MUTATION, "addUser", ({ variables, name }) =>
    variables.is_admin === undefined ? t("teams.toast.memberAdded", { name }) : t("teams.toast.updated"),
  );
  const remove = useTeamMutation(REMOVE_TEAM_USER_MUTATION, "removeMember", ({ name }) =>
    t("teams.toast.memberRemoved", { name }),
  );
  const busy = add.isPending || remove.isPending;

  return (
    <Card withBorder padding="lg" data-testid="team-members">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("teams.members.title", { count: members.length })}
          </Title>
          {canManage && (
            <AddMemberDropdown
              memberIds={new Set(members.map((member) => member.user_id))}
              busy={add.isPending}
              onPick={(user) =>
                add.mutate({ variables: { team_id: teamId, user_id: user.user_id }, name: user.full_name })
              }
            />
          )}
        </Group>
        {members.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("teams.members.none")}
          </Text>
        )}
        {members.map((member) => (
          <Group key={member.user_id} justify="space-between" data-testid="team-member">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {member.full_name}
                </Text>
                {member.is_admin && !canManage && (
                  <Badge size="sm" variant="light">
                    {t("teams.members.admin")}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {member.email}
              </Text>
            </Stack>
            {canManage && (
              <Group gap="sm">
                <Switch
                  size="sm"
                  label={t("teams.members.admin")}
                  checked={member.is_admin}
                  disabled={busy}
                  onChange={(event) =>
                    add.mutate({
                      variables: { team_id: teamId, user_id: member.user_id, is_admin: event.currentTarget.checked },
                      name: member.full_name,
                    })
                  }
                />
                <Tooltip label={t("teams.members.remove")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={t("teams.members.removeNamed", { name: member.full_name })}
                    onClick={() =>
                      remove.mutate({
                        variables: { team_id: teamId, user_id: member.user_id },
                        name: member.full_name,
                      })
                    }
                    data-testid="remove-member"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
