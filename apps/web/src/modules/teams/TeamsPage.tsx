import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";
import { CreateTeamPanel } from "./CreateTeamPanel.tsx";
import { TeamsTable } from "./TeamsTable.tsx";
import { useTeams } from "./team-queries.ts";
import { useTeamPermissions } from "./useTeamPermissions.ts";

/**
 * `/teams`: the project's teams with members, budget and spend this billing period. Those who manage teams
 * see them all and may create one; a team admin (or anyone who only reads) sees their own teams.
 */
export function TeamsPage() {
  const { t } = useTranslation();
  const permissions = useTeamPermissions();
  const teams = useTeams(!permissions.manage);
  const [creating, setCreating] = useState(false);

  const createButton = permissions.manage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-team-button">
      {t("teams.create.button")}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="teams-page">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" data-testid="teams-count">
          {teams.data ? t("teams.list.count", { count: teams.data.length }) : " "}
        </Text>
        {createButton}
      </Group>
      {teams.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {teams.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="teams-error">
          {t("teams.errors.fetch", { reason: t(errorKey(toApiError(teams.error).code)) })}
        </Alert>
      )}
      {teams.data && teams.data.length === 0 && (
        <EmptyPage
          title={t("pages.teams.emptyTitle")}
          description={t(permissions.manage ? "pages.teams.emptyBody" : "pages.teams.emptyBodyMember")}
          icon={<IconUsersGroup size={28} stroke={1.5} />}
        >
          {createButton}
        </EmptyPage>
      )}
      {teams.data && teams.data.length > 0 && <TeamsTable teams={teams.data} />}
      {permissions.manage && <CreateTeamPanel opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
