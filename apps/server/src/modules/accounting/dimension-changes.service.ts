import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { createDimensionSchema, type DimensionDto, patchDimensionSchema } from "./accounting.schemas.ts";
import { toDimensionDtos } from "./accounting.service.ts";
import { accountingSubject, authorizeOnProject, dimensionNotFound } from "./accounting-access.ts";
import {
  type AccountingDeps,
  createDimensionStep,
  lockDimensionsStep,
  patchDimensionStep,
  runChange,
  type Step,
} from "./accounting-steps.ts";
import { findLiveDimensions } from "./dimensions.repo.ts";

/** The dimension as it is now, inside the change's transaction. */
const dtoOf = async (step: Step, id: string): Promise<DimensionDto> => {
  const [dto] = await toDimensionDtos(step.tx, step.projectId, await findLiveDimensions(step.tx, step.projectId, [id]));
  if (!dto) throw dimensionNotFound();
  return dto;
};

/**
 * Spec 7, `create_category_group`: a dimension with its values (category manage). Without values it is refused
 * with DIMENSION_WITHOUT_VALUES (spec 5).
 */
export const createDimension = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { title?: unknown; values?: unknown },
): Promise<DimensionDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = createDimensionSchema.parse(input);
  return runChange(deps, ctx, undefined, async (step) =>
    dtoOf(step, await createDimensionStep(step, { title: args.title, values: args.values })),
  );
};

/**
 * Spec 7, `patch_category_group`: the title, and when `values` is given the whole list of values (with an id:
 * patched; without: created; left out: marked deleted). A list that leaves no value is DIMENSION_WITHOUT_VALUES.
 */
export const patchDimension = async (
  deps: AccountingDeps,
  ctx: ProjectContext,
  input: { id?: unknown; title?: unknown; values?: unknown },
): Promise<DimensionDto> => {
  authorizeOnProject(ctx, "category", "manage");
  const args = patchDimensionSchema.parse(input);
  return runChange(deps, ctx, undefined, async (step) => {
    const dimension = (await lockDimensionsStep(step, [args.id])).get(args.id);
    if (!dimension) throw dimensionNotFound();
    authorize(ctx, "category", "manage", accountingSubject({ projectId: step.projectId }));
    await patchDimensionStep(step, dimension, { title: args.title, values: args.values });
    return dtoOf(step, dimension.id);
  });
};
