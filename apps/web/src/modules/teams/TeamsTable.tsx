import { Anchor, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { PATHS } from "../../app/router/paths.ts";
import { ColumnHeader, CutText, FigureCell, SecondLine, ShrinkCell } from "../../ui/table/cells.tsx";
import { BudgetUsageCell } from "./BudgetUsageCell.tsx";
import type { Team } from "./teams.graphql.ts";

/** Spec 2: name, account code, members, monthly budget and what is used of it in the current billing period. */
export function TeamsTable({ teams }: { teams: readonly Team[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="teams-table">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeader label={t("teams.list.name")} shrink={{ share: "30%", min: 120 }} />
            <ColumnHeader label={t("teams.list.accountCode")} shrink={{ share: "20%", min: 80 }} />
            <ColumnHeader label={t("teams.list.members")} ta="right" />
            <ColumnHeader label={t("teams.list.monthlyBudget")} ta="right" />
            <ColumnHeader label={t("teams.list.used")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => (
            <Table.Tr key={team.id} data-testid="team-row" data-team-name={team.name}>
              <ShrinkCell>
                <Anchor
                  component={Link}
                  to={PATHS.team(team.id)}
                  fw={600}
                  truncate="end"
                  display="block"
                  title={team.name}
                  data-testid="team-link"
                >
                  {team.name}
                </Anchor>
              </ShrinkCell>
              <ShrinkCell>
                <CutText>{team.account_code}</CutText>
                {team.account_code_name && <SecondLine cut>{team.account_code_name}</SecondLine>}
              </ShrinkCell>
              <FigureCell data-testid="team-member-count">{team.member_count}</FigureCell>
              <FigureCell data-testid="team-budget">
                {team.monthly_budget === null ? t("teams.list.noBudget") : money(team.monthly_budget)}
              </FigureCell>
              <Table.Td>
                <BudgetUsageCell used={team.used_monthly_budget} budget={team.monthly_budget} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
