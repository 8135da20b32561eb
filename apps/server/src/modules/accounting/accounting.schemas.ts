import { CATEGORY_GROUPS } from "@kort/core";
import { z } from "zod";

/** Spec 9: categories are listed 200 to a page. */
export const CATEGORY_PAGE_SIZE = 200;

/** A category as it leaves the server (spec section 3, Category), without its dimensions for now. */
export const categorySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  code: z.string(),
  enabled: z.boolean(),
  group: z.enum(CATEGORY_GROUPS),
  created_at: z.date(),
  updated_at: z.date(),
});

export type CategoryDto = z.output<typeof categorySchema>;

/** The `categories` query's filters: by group, a search in title and code, and a page of at most 200. */
export const categoriesArgsSchema = z.object({
  group: z.enum(CATEGORY_GROUPS).nullish(),
  search: z.string().trim().max(200).nullish(),
  page: z.int().min(1).nullish(),
  limit: z.int().min(1).max(CATEGORY_PAGE_SIZE).nullish(),
});

export type CategoriesArgs = z.output<typeof categoriesArgsSchema>;

export type CategoryPageDto = { nodes: CategoryDto[]; count: number };
