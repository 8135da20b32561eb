import { Button, Card, Group, Stack, TextInput, Title } from "@mantine/core";
import { type ChangeEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DeleteTeamButton } from "./DeleteTeamButton.tsx";
import { detailsOf, detailsPatch, detailsSavable, type TeamDetails } from "./team-edits.ts";
import { PATCH_TEAM_MUTATION, type Team } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

/** Rename the team, change its account code (its category follows), or delete it. For those who manage teams. */
export function TeamDetailsCard({ team }: { team: Team }) {
  const { t } = useTranslation();
  const saved = detailsOf(team);
  const [draft, setDraft] = useState<TeamDetails>(saved);
  const save = useTeamMutation(PATCH_TEAM_MUTATION, "update", () => t("teams.toast.updated"));
  useEffect(() => setDraft(detailsOf(team)), [team]);
  const savable = detailsSavable(saved, draft) && !save.isPending;
  const field = (key: keyof TeamDetails) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setDraft((previous) => ({ ...previous, [key]: value }));
    },
  });

  return (
    <Card withBorder padding="lg" data-testid="team-details">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (savable) save.mutate({ variables: { id: team.id, ...detailsPatch(saved, draft) } });
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("teams.detail.details")}
          </Title>
          <TextInput label={t("teams.form.name")} withAsterisk {...field("name")} data-testid="rename-input" />
          <TextInput label={t("teams.form.accountCode")} withAsterisk {...field("accountCode")} />
          <TextInput label={t("teams.form.accountCodeName")} {...field("accountCodeName")} />
          <Group justify="space-between">
            <DeleteTeamButton team={team} />
            <Button type="submit" disabled={!savable} loading={save.isPending} data-testid="save-details">
              {t("teams.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
