import type { CategoryGroup } from "@kort/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import {
  ACCOUNTING_CATEGORIES_QUERY,
  ACCOUNTING_SETTINGS_QUERY,
  DIMENSIONS_QUERY,
  TAX_CATEGORIES_QUERY,
} from "./accounting.graphql.ts";

/** Every accounting query key starts here (the card and team pickers' `useCategories` too): one invalidation. */
export const ACCOUNTING_QUERY_ROOT = "accounting";

/** Spec 9: 200 categories to a page. */
export const CATEGORIES_PAGE_SIZE = 200;

/** Spec 7 and 9: the search waits 300 ms after the last key. */
export const CATEGORY_SEARCH_DEBOUNCE_MS = 300;

export const useAccountingCategories = (group: CategoryGroup, search: string, page: number) =>
  useQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "page", group, search, page],
    queryFn: async ({ signal }) =>
      (await request(ACCOUNTING_CATEGORIES_QUERY, { group, search: search || null, page }, { signal })).categories,
    placeholderData: keepPreviousData,
  });

export const useDimensions = () =>
  useQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "dimensions"],
    queryFn: async ({ signal }) => (await request(DIMENSIONS_QUERY, {}, { signal })).dimensions,
  });

export const useTaxCategories = () =>
  useQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "tax-categories"],
    queryFn: async ({ signal }) => (await request(TAX_CATEGORIES_QUERY, {}, { signal })).tax_categories,
  });

export const useAccountingSettings = () =>
  useQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "settings"],
    queryFn: async ({ signal }) => (await request(ACCOUNTING_SETTINGS_QUERY, {}, { signal })).accounting_settings,
  });
