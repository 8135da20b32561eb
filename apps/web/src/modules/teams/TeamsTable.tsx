import { Anchor, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { PATHS } from "../../app/router/paths.ts";
import { BudgetUsageCell } from "./BudgetUsageCell.tsx";
import type { Team } from "./teams.graphql.ts";

/** Spec 2: name, account code, members, monthly budget and what is used of it in the current billing period. */
export function TeamsTable({ teams }: { teams: readonly Team[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="teams-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("teams.list.name")}</Table.Th>
          <Table.Th>{t("teams.list.accountCode")}</Table.Th>
          <Table.Th ta="right">{t("teams.list.members")}</Table.Th>
          <Table.Th ta="right">{t("teams.list.monthlyBudget")}</Table.Th>
          <Table.Th>{t("teams.list.used")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teams.map((team) => (
          <Table.Tr key={team.id} data-testid="team-row" data-team-name={team.name}>
            <Table.Td>
              <Anchor component={Link} to={PATHS.team(team.id)} fw={600} data-testid="team-link">
                {team.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{team.account_code}</Text>
              {team.account_code_name && (
                <Text size="xs" c="dimmed">
                  {team.account_code_name}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" data-testid="team-member-count">
              {team.member_count}
            </Table.Td>
            <Table.Td ta="right" data-testid="team-budget">
              {team.monthly_budget === null ? t("teams.list.noBudget") : money(team.monthly_budget)}
            </Table.Td>
            <Table.Td>
              <BudgetUsageCell used={team.used_monthly_budget} budget={team.monthly_budget} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
