import {
  ACCOUNT_CODE_MAX_LENGTH,
  ACCOUNT_CODE_NAME_MAX_LENGTH,
  TEAM_AMOUNT_MAX,
  TEAM_NAME_MAX_LENGTH,
} from "@kort/core";
import type { LimitControl, Team } from "./teams.graphql.ts";

/** The team page's editors save only a change (spec 5: budget save is disabled while unchanged). */

/** An empty budget means no budget (null). */
export const budgetSavable = (saved: number | null, draft: number | null): boolean =>
  saved !== draft && (draft === null || draft <= TEAM_AMOUNT_MAX);

export const limitsChanged = (saved: LimitControl, draft: LimitControl): boolean =>
  saved.max_monthly !== draft.max_monthly ||
  saved.max_weekly !== draft.max_weekly ||
  saved.max_daily !== draft.max_daily;

export const limitsTooLarge = (draft: LimitControl): boolean =>
  [draft.max_monthly, draft.max_weekly, draft.max_daily].some((value) => value !== null && value > TEAM_AMOUNT_MAX);

export type TeamDetails = { name: string; accountCode: string; accountCodeName: string };

export const detailsOf = (team: Pick<Team, "name" | "account_code" | "account_code_name">): TeamDetails => ({
  name: team.name,
  accountCode: team.account_code,
  accountCodeName: team.account_code_name ?? "",
});

/** Name and account code stay required when renaming; nothing is sent unless something changed. */
export const detailsSavable = (saved: TeamDetails, draft: TeamDetails): boolean => {
  const name = draft.name.trim();
  const code = draft.accountCode.trim();
  const codeName = draft.accountCodeName.trim();
  const valid =
    name !== "" &&
    code !== "" &&
    name.length <= TEAM_NAME_MAX_LENGTH &&
    code.length <= ACCOUNT_CODE_MAX_LENGTH &&
    codeName.length <= ACCOUNT_CODE_NAME_MAX_LENGTH;
  return valid && (name !== saved.name || code !== saved.accountCode || codeName !== saved.accountCodeName);
};

/** Only the fields that changed, trimmed; an emptied account code name is sent as "" (cleared). */
export const detailsPatch = (saved: TeamDetails, draft: TeamDetails) => {
  const name = draft.name.trim();
  const code = draft.accountCode.trim();
  const codeName = draft.accountCodeName.trim();
  return {
    ...(name !== saved.name ? { name } : {}),
    ...(code !== saved.accountCode ? { account_code: code } : {}),
    ...(codeName !== saved.accountCodeName ? { account_code_name: codeName } : {}),
  };
};

export type VisibleCategoriesDraft = { all: boolean; ids: readonly string[] };

/** A chosen list needs at least one category; "all" needs none. */
export const visibleCategoriesSavable = (
  saved: Pick<Team, "all_categories_visible" | "visible_categories">,
  draft: VisibleCategoriesDraft,
): boolean => {
  if (!draft.all && draft.ids.length === 0) return false;
  if (draft.all !== saved.all_categories_visible) return true;
  if (draft.all) return false;
  const savedIds = new Set(saved.visible_categories.map((category) => category.id));
  return draft.ids.length !== savedIds.size || draft.ids.some((id) => !savedIds.has(id));
};
