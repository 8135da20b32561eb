import { PROJECT_PLANS, type ProjectPlan } from "@kort/core";
import { Badge, Group, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type AccountingSettings, SET_PROJECT_PLAN_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";

/**
 * The company's plan, shown on the page (issue 11): how many dimensions a category may have. Project owners may
 * change it here.
 */
export function PlanSummary({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation();
  const change = useAccountingMutation(SET_PROJECT_PLAN_MUTATION, "plan", (variables) =>
    t("accounting.toast.plan", { plan: t(`accounting.plan.${variables.plan}`) }),
  );
  const limit =
    settings.max_dimensions_per_category === null
      ? t("accounting.plan.unlimited")
      : t("accounting.plan.limit", { max: settings.max_dimensions_per_category });
  return (
    <Group gap="sm" data-testid="plan-summary" data-plan={settings.plan}>
      <Text size="sm" c="dimmed">
        {t("accounting.plan.label")}
      </Text>
      {settings.can_change_plan ? (
        <Select
          size="xs"
          w={160}
          aria-label={t("accounting.plan.label")}
          data={PROJECT_PLANS.map((plan) => ({ value: plan, label: t(`accounting.plan.${plan}`) }))}
          value={settings.plan}
          allowDeselect={false}
          onChange={(plan) => {
            if (plan && plan !== settings.plan) change.mutate({ plan: plan as ProjectPlan });
          }}
          data-testid="plan-select"
        />
      ) : (
        <Badge variant="light" tt="none">
          {t(`accounting.plan.${settings.plan}`)}
        </Badge>
      )}
      <Text size="sm" c="dimmed" data-testid="plan-limit">
        {limit}
      </Text>
    </Group>
  );
}
