import { teamLimitOrderProblem } from "@kort/core";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { limitsChanged, limitsTooLarge } from "./team-edits.ts";
import { type LimitControl, SET_TEAM_LIMIT_CONTROL_MUTATION } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

const FIELDS = [
  { key: "max_monthly", label: "teams.limits.maxMonthly" },
  { key: "max_weekly", label: "teams.limits.maxWeekly" },
  { key: "max_daily", label: "teams.limits.maxDaily" },
] as const;

/** The team's limit control (spec 3 and 9): the most its cards may spend per month, week and day. */
export function TeamLimitsCard({ teamId, saved, canEdit }: { teamId: string; saved: LimitControl; canEdit: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LimitControl>(saved);
  const save = useTeamMutation(SET_TEAM_LIMIT_CONTROL_MUTATION, "update", () => t("teams.toast.limitsUpdated"));
  useEffect(() => setDraft(saved), [saved]);

  const outOfOrder = teamLimitOrderProblem(draft);
  const savable = limitsChanged(saved, draft) && !limitsTooLarge(draft) && outOfOrder === null && !save.isPending;

  return (
    <Card withBorder padding="lg" data-testid="team-limits">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (savable) save.mutate({ variables: { team_id: teamId, ...draft } });
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("teams.limits.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("teams.limits.explain")}
          </Text>
          {FIELDS.map(({ key, label }) => (
            <AmountInput
              key={key}
              label={t(label)}
              placeholder={t("teams.limits.none")}
              rightSection={t("teams.currency")}
              value={draft[key]}
              onChange={(value) => setDraft((previous) => ({ ...previous, [key]: value }))}
              readOnly={!canEdit}
              error={outOfOrder === key ? t("teams.limits.outOfOrder") : undefined}
              data-testid={`limit-${key}`}
            />
          ))}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" disabled={!savable} loading={save.isPending} data-testid="save-limits">
                {t("teams.form.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
