import { CATEGORY_GROUPS } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { CategoryDto, CategoryPageDto } from "./accounting.schemas.ts";
import { listCategoriesFor } from "./accounting.service.ts";

export const CategoryGroupEnum = builder.enumType("CategoryGroup", {
  description: "Default: the chart of accounts the accountant keeps. Team: made with each team.",
  values: CATEGORY_GROUPS,
});

export const Category = builder.objectRef<CategoryDto>("Category").implement({
  description: "An accounting category (spec section 3). The code is the ledger account.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    code: t.exposeString("code"),
    enabled: t.exposeBoolean("enabled"),
    group: t.expose("group", { type: CategoryGroupEnum }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    updated_at: t.expose("updated_at", { type: "DateTime" }),
  }),
});

const CategoryPage = builder.objectRef<CategoryPageDto>("CategoryPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Category] }),
    count: t.exposeInt("count", { description: "How many categories match, on every page." }),
  }),
});

builder.queryField("categories", (t) =>
  t.field({
    type: CategoryPage,
    description:
      "The live categories the caller may read (category read), 200 to a page, in Icelandic alphabetical order.",
    args: {
      group: t.arg({ type: CategoryGroupEnum, required: false }),
      search: t.arg.string({ required: false }),
      page: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => listCategoriesFor(deps.db, requireProject(kort), args),
  }),
);
