import { TODO_FILTERS } from "@kort/core";
import { z } from "zod";
import { cursorFromText, encodeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/** The to-do filters of the ledger: each rule, or "Any" of them. */
export const LEDGER_TODOS = [...TODO_FILTERS, "Any"] as const;
export type LedgerTodo = (typeof LEDGER_TODOS)[number];

/** The ledger's sort orders (spec 2: by date and by amount), newest or largest first by default. */
export const LEDGER_SORTS = ["DATE_DESC", "DATE_ASC", "AMOUNT_DESC", "AMOUNT_ASC"] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];

/** Rows per page: the virtualised table asks for the next page as it scrolls near the end. */
export const LEDGER_PAGE_DEFAULT = 100;
export const LEDGER_PAGE_MAX = 500;
/** An explicit selection's largest size; "all in the filter" has no such bound. */
export const SELECTION_IDS_MAX = 10_000;
/** A filter names at most this many teams, people, cards, categories or tax categories. */
const FILTER_IDS_MAX = 200;

const day = z.iso.date();
const ids = z.array(z.uuid()).max(FILTER_IDS_MAX);

/**
 * What the ledger is filtered by (spec 2, /expenses). Dates are whole UTC days, both ends included; Iceland keeps
 * UTC all year. Every list is "any of"; an empty or absent one does not filter.
 */
export const ledgerFilterSchema = z
  .object({
    from_date: day,
    to_date: day,
    team_ids: ids.optional(),
    user_ids: ids.optional(),
    card_ids: ids.optional(),
    category_ids: ids.optional(),
    tax_category_ids: ids.optional(),
    unsettled: z.boolean().nullish(),
    exported: z.boolean().nullish(),
    // "Any": rows breaking either rule, the employee app's to-do list (`GET /v1/transactions/todo`); GraphQL's
    // TodoFilter offers the two rules only.
    todo: z.enum(LEDGER_TODOS).nullish(),
    search: z.string().trim().max(100).nullish(),
  })
  .refine((filter) => filter.from_date <= filter.to_date, { message: "from_date is after to_date", path: ["to_date"] });

export type LedgerFilter = z.infer<typeof ledgerFilterSchema>;

/** Where the next page starts: the last row's sort value and id. */
export type LedgerCursor = KeysetCursor;

export { encodeCursor };

export const ledgerPageSchema = z.object({
  sort: z
    .enum(LEDGER_SORTS)
    .nullish()
    .transform((sort) => sort ?? "DATE_DESC"),
  after: cursorFromText.nullish(),
  limit: z
    .int()
    .min(1)
    .max(LEDGER_PAGE_MAX)
    .nullish()
    .transform((limit) => limit ?? LEDGER_PAGE_DEFAULT),
});

export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** A selection: the rows picked one by one, or every row of the filter but those left out. */
export const selectionSchema = z.union([
  z.object({ transaction_ids: z.array(z.uuid()).min(1).max(SELECTION_IDS_MAX) }),
  z.object({ filter: ledgerFilterSchema, excluded_ids: z.array(z.uuid()).max(SELECTION_IDS_MAX).optional() }),
]);

export type Selection = z.infer<typeof selectionSchema>;
