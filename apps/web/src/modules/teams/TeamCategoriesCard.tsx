import { Button, Card, Group, MultiSelect, Radio, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCategories } from "../accounting/useCategories.ts";
import { type VisibleCategoriesDraft, visibleCategoriesSavable } from "./team-edits.ts";
import { SET_TEAM_VISIBLE_CATEGORIES_MUTATION, type Team } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

const draftOf = (team: Pick<Team, "all_categories_visible" | "visible_categories">): VisibleCategoriesDraft => ({
  all: team.all_categories_visible,
  ids: team.visible_categories.map((category) => category.id),
});

/** Which of the chart's categories the team's members may use: all of them, or a chosen list. */
export function TeamCategoriesCard({ team, canManage }: { team: Team; canManage: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<VisibleCategoriesDraft>(() => draftOf(team));
  const categories = useCategories("Default", canManage && !draft.all);
  const save = useTeamMutation(SET_TEAM_VISIBLE_CATEGORIES_MUTATION, "update", () =>
    t("teams.toast.categoriesUpdated"),
  );
  useEffect(() => setDraft(draftOf(team)), [team]);
  const savable = visibleCategoriesSavable(team, draft) && !save.isPending;
  // The saved choice stays selectable while the chart loads (and names the categories for readers).
  const options = new Map(team.visible_categories.map((category) => [category.id, category]));
  for (const category of categories.data ?? []) options.set(category.id, category);

  return (
    <Card withBorder padding="lg" data-testid="team-categories">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("teams.categories.title")}
        </Title>
        {!canManage && (
          <Text size="sm" data-testid="visible-categories">
            {team.all_categories_visible
              ? t("teams.categories.all")
              : team.visible_categories.map((category) => `${category.code} ${category.title}`).join(", ")}
          </Text>
        )}
        {canManage && (
          <>
            <Radio.Group
              value={draft.all ? "all" : "chosen"}
              onChange={(value) => setDraft((previous) => ({ ...previous, all: value === "all" }))}
            >
              <Stack gap="xs">
                <Radio value="all" label={t("teams.categories.all")} data-testid="categories-all" />
                <Radio value="chosen" label={t("teams.categories.chosen")} data-testid="categories-chosen" />
              </Stack>
            </Radio.Group>
            {!draft.all && (
              <MultiSelect
                label={t("teams.categories.choose")}
                data={[...options.values()].map((category) => ({
                  value: category.id,
                  label: `${category.code} ${category.title}`,
                }))}
                value={[...draft.ids]}
                onChange={(ids) => setDraft((previous) => ({ ...previous, ids }))}
                searchable
                hidePickedOptions
                maxDropdownHeight={300}
                nothingFoundMessage={t("ui.dropdown.nothingFound")}
                error={
                  categories.isError
                    ? t("teams.errors.categories")
                    : draft.ids.length === 0
                      ? t("teams.categories.atLeastOne")
                      : undefined
                }
                data-testid="categories-select"
              />
            )}
            <Group justify="flex-end">
              <Button
                disabled={!savable}
                loading={save.isPending}
                onClick={() =>
                  save.mutate({
                    variables: { team_id: team.id, all_categories_visible: draft.all, category_ids: [...draft.ids] },
                  })
                }
                data-testid="save-categories"
              >
                {t("teams.form.save")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
