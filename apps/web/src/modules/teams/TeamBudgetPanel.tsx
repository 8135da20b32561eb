import { Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { budgetSavable } from "./team-edits.ts";
import { SET_TEAM_BUDGET_MUTATION } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

export type TeamBudgetPanelProps = {
  team: { id: string; name: string; monthly_budget: number | null; used_monthly_budget: number };
  opened: boolean;
  onClose: () => void;
};

/** Spec 2 and 5: the team budget editor. Save is disabled while unchanged; an empty value means no budget. */
export function TeamBudgetPanel({ team, opened, onClose }: TeamBudgetPanelProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [draft, setDraft] = useState<number | null>(team.monthly_budget);
  const save = useTeamMutation(SET_TEAM_BUDGET_MUTATION, "update", () => t("teams.toast.budgetUpdated"));

  // Every opening starts from the saved budget.
  useEffect(() => {
    if (opened) setDraft(team.monthly_budget);
  }, [opened, team.monthly_budget]);

  const savable = budgetSavable(team.monthly_budget, draft) && !save.isPending;
  const submit = () => {
    if (!savable) return;
    save.mutate({ variables: { team_id: team.id, budget: draft } }, { onSuccess: onClose });
  };

  return (
    <SidePanel opened={opened} onClose={onClose} size="medium" title={t("teams.budget.title", { name: team.name })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("teams.budget.explain")}
          </Text>
          <AmountInput
            label={t("teams.form.monthlyBudget")}
            description={t("teams.form.monthlyBudgetHint")}
            rightSection={t("teams.currency")}
            value={draft}
            onChange={setDraft}
            data-autofocus
            data-testid="budget-editor-input"
          />
          <Text size="sm">{t("teams.budget.usedSoFar", { used: money(team.used_monthly_budget) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("teams.form.cancel")}
            </Button>
            <Button type="submit" disabled={!savable} loading={save.isPending} data-testid="budget-editor-save">
              {t("teams.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SidePanel>
  );
}
