import type { CategoryGroup } from "@kort/core";

type CategoryLike = { id: string; title: string; code: string; group: CategoryGroup; enabled: boolean };
type TeamVisibility = { all_categories_visible: boolean; visible_categories: readonly { id: string }[] };

/**
 * The categories a transaction may be given (spec 2): enabled ones of the group, and of those only the ones the
 * transaction's team may use (all, or the team's chosen ones). The transaction's present category stays in the
 * list even when it no longer qualifies, so the field can show it. The server checks the same rule on saving.
 */
export const usableCategories = <C extends CategoryLike>(
  categories: readonly C[],
  group: CategoryGroup,
  team: TeamVisibility | null,
  currentId: string | null,
): C[] =>
  categories.filter(
    (category) =>
      category.id === currentId ||
      (category.group === group &&
        category.enabled &&
        (team === null ||
          team.all_categories_visible ||
          team.visible_categories.some((visible) => visible.id === category.id))),
  );
