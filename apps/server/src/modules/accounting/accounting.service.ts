import type { Db, Executor } from "../../platform/db/client.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import {
  type CategoryRecord,
  findLiveCategories,
  insertCategory,
  listCategories,
  updateCategory,
} from "./accounting.repo.ts";
import {
  CATEGORY_PAGE_SIZE,
  type CategoriesArgs,
  type CategoryDto,
  type CategoryPageDto,
  categoriesArgsSchema,
} from "./accounting.schemas.ts";

export const toCategoryDto = (category: CategoryRecord): CategoryDto => ({
  id: category.id,
  title: category.title,
  code: category.code,
  enabled: category.enabled,
  group: category.group,
  created_at: category.createdAt,
  updated_at: category.updatedAt,
});

/**
 * The categories the caller may read (category read): the whole project for owners and accountants, the
 * categories their teams use for team admins and employees (spec 6: category read in team scope).
 */
export const listCategoriesFor = async (
  db: Db,
  ctx: ProjectContext,
  input: CategoriesArgs,
): Promise<CategoryPageDto> => {
  const args = categoriesArgsSchema.parse(input);
  const scope = listScope(ctx, "category", "read");
  if (scope.kind === "own") return { nodes: [], count: 0 };
  const limit = args.limit ?? CATEGORY_PAGE_SIZE;
  const { rows, count } = await listCategories(
    db,
    ctx.membership.projectId,
    {
      group: args.group ?? undefined,
      search: args.search || undefined,
      teamIds: scope.kind === "team" ? scope.teamIds : undefined,
    },
    { offset: ((args.page ?? 1) - 1) * limit, limit },
  );
  return { nodes: rows.map(toCategoryDto), count };
};

/** The project's live categories among `ids`, for other modules that take category ids from a caller. */
export const findProjectCategories = (db: Executor, projectId: string, ids: readonly string[]) =>
  findLiveCategories(db, projectId, ids);

/** A team's own category (spec 4): group Team, enabled, title = the team's name, code = its account code. */
export const createTeamCategory = (
  tx: Executor,
  input: { projectId: string; teamName: string; accountCode: string; now: Date },
): Promise<CategoryRecord> =>
  insertCategory(tx, {
    projectId: input.projectId,
    title: input.teamName,
    code: input.accountCode,
    group: "Team",
    now: input.now,
  });

/**
 * Keeps a team's category in step with its team: the title follows the name and the code the account code.
 * The rule that a code is fixed after creation is for the accountant's chart; a Team category mirrors its team.
 */
export const syncTeamCategory = (
  tx: Executor,
  input: { projectId: string; categoryId: string; teamName?: string; accountCode?: string; now: Date },
): Promise<void> =>
  updateCategory(tx, input.projectId, input.categoryId, {
    title: input.teamName,
    code: input.accountCode,
    now: input.now,
  });

/** A deleted team's category is archived with it; transactions keep pointing at it for history. */
export const archiveTeamCategory = (tx: Executor, input: { projectId: string; categoryId: string; now: Date }) =>
  updateCategory(tx, input.projectId, input.categoryId, { enabled: false, deletedAt: input.now, now: input.now });
