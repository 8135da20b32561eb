import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { BudgetUsageCell } from "./BudgetUsageCell.tsx";
import { TeamBudgetPanel } from "./TeamBudgetPanel.tsx";
import type { Team } from "./teams.graphql.ts";

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The team at a glance: account code, category, admins, budget and its use this billing period. */
export function TeamSummaryCard({ team, canManage }: { team: Team; canManage: boolean }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [editing, setEditing] = useState(false);
  const admins = team.admins.map((admin) => admin.full_name).join(", ");
  return (
    <Card withBorder padding="lg" data-testid="team-summary">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("teams.detail.overview")}
          </Title>
          {canManage && (
            <Button
              variant="light"
              size="xs"
              className="wraps"
              onClick={() => setEditing(true)}
              data-testid="edit-budget-button"
            >
              {t("teams.budget.edit")}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label={t("teams.list.accountCode")} value={team.account_code} />
          <Fact label={t("teams.form.accountCodeName")} value={team.account_code_name ?? "—"} />
          <Fact
            label={t("teams.detail.category")}
            value={team.category ? `${team.category.code} · ${team.category.title}` : "—"}
          />
          <Fact label={t("teams.detail.admins")} value={admins || t("teams.detail.noAdmins")} />
          <Fact
            label={t("teams.list.monthlyBudget")}
            value={team.monthly_budget === null ? t("teams.list.noBudget") : money(team.monthly_budget)}
            testId="team-budget-value"
          />
        </SimpleGrid>
        <BudgetUsageCell used={team.used_monthly_budget} budget={team.monthly_budget} />
      </Stack>
      {canManage && <TeamBudgetPanel team={team} opened={editing} onClose={() => setEditing(false)} />}
    </Card>
  );
}
