import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { type BudgetTone, budgetUsage } from "./budget-usage.ts";

const TONE_COLORS: Record<BudgetTone, string> = { normal: "kort", warning: "yellow", over: "red" };

/** The used amount of the current billing period against the budget, with a bar when there is a budget. */
export function BudgetUsageCell({ used, budget }: { used: number; budget: number | null }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const usage = budgetUsage(used, budget);
  return (
    <Stack gap={4} miw={160} data-testid="budget-usage">
      <Text size="sm" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {budget === null
          ? t("teams.list.usedNoBudget", { used: money(used) })
          : t("teams.list.usedOf", { used: money(used), budget: money(budget) })}
      </Text>
      {usage && (
        <Progress
          value={usage.percent}
          color={TONE_COLORS[usage.tone]}
          size="sm"
          aria-label={t("teams.list.usedPercent", { percent: Math.round(usage.percent) })}
          data-tone={usage.tone}
        />
      )}
    </Stack>
  );
}
