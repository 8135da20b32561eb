import { Alert, Loader, SimpleGrid, Stack } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useNamePage } from "../../app/shell/header/page-subtitle.ts";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";
import { TeamCategoriesCard } from "./TeamCategoriesCard.tsx";
import { TeamDetailsCard } from "./TeamDetailsCard.tsx";
import { TeamLimitsCard } from "./TeamLimitsCard.tsx";
import { TeamMembersCard } from "./TeamMembersCard.tsx";
import { TeamSummaryCard } from "./TeamSummaryCard.tsx";
import { useTeam } from "./team-queries.ts";
import { useTeamPermissions } from "./useTeamPermissions.ts";

/** `/teams/:id`: one team, named in the header; members, budget, limit control, visible categories, details. */
export function TeamPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const team = useTeam(id);
  const permissions = useTeamPermissions();
  useNamePage(team.data?.name ?? null);

  if (team.isPending) return <Loader size="sm" aria-label={t("states.loading")} />;
  if (team.isError) {
    const code = toApiError(team.error).code;
    if (code === "NOT_FOUND") {
      return (
        <EmptyPage
          title={t("teams.detail.notFoundTitle")}
          description={t("teams.detail.notFoundBody")}
          icon={<IconUsersGroup size={28} stroke={1.5} />}
        />
      );
    }
    return (
      <Alert color="red" variant="light" role="alert" data-testid="team-error">
        {t("teams.errors.fetch", { reason: t(errorKey(code)) })}
      </Alert>
    );
  }

  const data = team.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" data-testid="team-page">
      <Stack gap="lg">
        <TeamSummaryCard team={data} canManage={permissions.manage} />
        <TeamMembersCard teamId={data.id} members={data.members} canManage={permissions.manage} />
      </Stack>
      <Stack gap="lg">
        <TeamLimitsCard teamId={data.id} saved={data.limit_control} canEdit={permissions.setLimits} />
        <TeamCategoriesCard team={data} canManage={permissions.manage} />
        {permissions.manage && <TeamDetailsCard team={data} />}
      </Stack>
    </SimpleGrid>
  );
}
