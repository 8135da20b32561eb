import { formatDate, type RuleId } from "@kort/core";
import { IconReceipt } from "@tabler/icons-react";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { ParseKeys } from "i18next";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import type { LedgerRow } from "./expenses.graphql.ts";
import { formatForeignAmount } from "./ledger-money.ts";
import { keptCoreRowModel } from "./ledger-row-model.ts";
import classes from "./ledger-table.module.css";
import type { LedgerSort } from "./ledger-view.ts";

/**
 * The table's features: the core only, with rows kept across pages. Sorting, filtering and paging are the
 * server's (keyset pages).
 */
export const ledgerFeatures = tableFeatures({ coreRowModel: keptCoreRowModel });

const helper = createColumnHelper<typeof ledgerFeatures, LedgerRow>();

export const RULE_KEYS: Record<RuleId, ParseKeys> = {
  MissingCategory: "expenses.rules.MissingCategory",
  MissingReceipt: "expenses.rules.MissingReceipt",
  CaptureExcess: "expenses.rules.CaptureExcess",
};

/** The columns that sort on the server, and the orders a click on their header cycles through. */
export const SORTABLE: Readonly<Record<string, { desc: LedgerSort; asc: LedgerSort }>> = {
  date: { desc: "DATE_DESC", asc: "DATE_ASC" },
  amount: { desc: "AMOUNT_DESC", asc: "AMOUNT_ASC" },
};

/**
 * Each column's share of the row (CSS grid). At 1280 px with the menu open the table has about 900 px: figures,
 * dates and flags keep their width on one line; the free-text columns give up width first and cut their text,
 * the whole text on hover. The first track is the selection box; the date's is as wide as "Dagsetning" and its sort
 * arrow.
 */
export const GRID_TEMPLATE =
  "36px 126px minmax(110px, 1.3fr) 128px minmax(110px, 1.3fr) minmax(70px, 0.8fr) minmax(96px, 1.2fr) 44px 84px";

/**
 * A row's icon: one masked element (see the CSS), named for screen readers and on hover. A plain function, as `cut`
 * below, not a component: a component is one more fiber in each of eight new rows a frame while the ledger scrolls.
 */
const icon = (className: string, label: string, flag: string) => (
  <span
    key={flag}
    role="img"
    className={`${classes.icon} ${className}`}
    title={label}
    aria-label={label}
    data-flag={flag}
  />
);

/** One line of text cut with an ellipsis, the whole of it on hover. */
const cut = (text: string, dim = false) => (
  <span className={dim ? classes.second : classes.cut} title={text}>
    {text}
  </span>
);

/** One column of the ledger: its header, and what a row shows in it, read from the transaction alone. */
export type LedgerColumn = {
  id: string;
  header: () => ReactNode;
  render: (row: LedgerRow) => ReactNode;
};

/**
 * The ledger's columns (spec 2): date, merchant, amount and foreign amount, cardholder and card, team, category,
 * receipt, flags. `tableColumns` are the same columns for TanStack Table, which makes the headers and the rows. A row's
 * cells are rendered straight from `columns` and the transaction: TanStack's cell objects and their contexts, made
 * for each cell of each row that scrolls into view, were a fifth of what the scroll allocated.
 */
export const useLedgerColumns = () => {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const locale = useLocale();
  return useMemo(() => {
    // A row's words are looked up once per language, not in each cell of each row as it scrolls into view: i18next
    // allocates on every lookup, and at eight new rows a frame that garbage was a third of the scroll's.
    const words = {
      noCategory: t("expenses.row.noCategory"),
      receipt: t("expenses.row.receipt"),
      noReceipt: t("expenses.row.noReceipt"),
      unsettled: t("expenses.row.unsettled"),
      exported: t("expenses.row.exported"),
      rules: {
        MissingCategory: t(RULE_KEYS.MissingCategory),
        MissingReceipt: t(RULE_KEYS.MissingReceipt),
        CaptureExcess: t(RULE_KEYS.CaptureExcess),
      } satisfies Record<RuleId, string>,
    };
    const columns: readonly LedgerColumn[] = [
      {
        id: "date",
        header: () => t("expenses.columns.date"),
        render: (row) => <span className={classes.nowrap}>{formatDate(new Date(row.transaction_date), locale)}</span>,
      },
      {
        id: "merchant",
        header: () => t("expenses.columns.merchant"),
        render: (row) => (
          <>
            {cut(row.merchant)}
            {row.description !== "" && row.description !== row.merchant && cut(row.description, true)}
          </>
        ),
      },
      {
        id: "amount",
        header: () => t("expenses.columns.amount"),
        render: ({ transaction_amount, original_amount, original_currency, original_exponent }) => (
          <>
            <span className={classes.money} data-testid="ledger-amount">
              {money(transaction_amount)}
            </span>
            {original_currency !== "ISK" && (
              <span className={`${classes.second} ${classes.nowrap}`} data-testid="ledger-foreign-amount">
                {formatForeignAmount(original_amount, original_currency, original_exponent)}
              </span>
            )}
          </>
        ),
      },
      {
        id: "cardholder",
        header: () => t("expenses.columns.cardholder"),
        render: (row) => (
          <>
            {cut(row.cardholder.full_name)}
            <span className={classes.second}>•••• {row.card.last_four}</span>
          </>
        ),
      },
      {
        id: "team",
        header: () => t("expenses.columns.team"),
        render: (row) => cut(row.team?.name ?? ""),
      },
      {
        id: "category",
        header: () => t("expenses.columns.category"),
        render: ({ category }) =>
          category ? (
            <>
              {cut(category.title)}
              {cut(category.code, true)}
            </>
          ) : (
            <span className={classes.missing}>{words.noCategory}</span>
          ),
      },
      {
        id: "receipt",
        header: () => <IconReceipt size={16} aria-label={t("expenses.columns.receipt")} />,
        render: (row) =>
          row.has_receipt
            ? icon(`${classes.iconReceipt} ${classes.ok}`, words.receipt, "receipt")
            : icon(`${classes.iconNoReceipt} ${classes.dim}`, words.noReceipt, "no-receipt"),
      },
      {
        id: "flags",
        header: () => t("expenses.columns.status"),
        render: ({ unsettled, exported, rule_violations }) => (
          <span className={classes.flags}>
            {unsettled && icon(`${classes.iconPending} ${classes.pending}`, words.unsettled, "unsettled")}
            {exported && icon(`${classes.iconExported} ${classes.ok}`, words.exported, "exported")}
            {rule_violations.map((violation) =>
              icon(`${classes.iconWarn} ${classes.warn}`, words.rules[violation.rule_id], violation.rule_id),
            )}
          </span>
        ),
      },
    ];
    const tableColumns = helper.columns(columns.map(({ id, header }) => helper.display({ id, header })));
    return { columns, tableColumns };
  }, [t, money, locale]);
};
