import { z } from "zod";
import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { categoriesArgsSchema, categoryPageSchema } from "./accounting.schemas.ts";
import { listCategoriesFor } from "./accounting.service.ts";

/** Query strings carry text: numbers are read from it. */
const categoriesQuerySchema = categoriesArgsSchema.extend({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** Spec 7, `GET /categories`: the categories the caller may read, for the employee app's pickers. */
export const accountingRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/categories",
    summary: "The live categories the caller may read (category read), 200 to a page",
    tag: "categories",
    access: "project",
    query: categoriesQuerySchema,
    response: categoryPageSchema,
    handler: ({ ctx, deps, query }) => listCategoriesFor(deps.db, ctx, query),
  }),
];
