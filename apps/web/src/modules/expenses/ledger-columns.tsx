import { formatDate, type RuleId } from "@kort/core";
import { IconReceipt } from "@tabler/icons-react";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { ParseKeys } from "i18next";
import { useMemo } from "react";
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

/** A row's icon: one masked element (see the CSS), named for screen readers and on hover. */
const Icon = ({ className, label, flag }: { className: string; label: string; flag: string }) => (
  <span role="img" className={`${classes.icon} ${className}`} title={label} aria-label={label} data-flag={flag} />
);

/** One line of text cut with an ellipsis, the whole of it on hover. */
const Cut = ({ text, dim = false }: { text: string; dim?: boolean }) => (
  <span className={dim ? classes.second : classes.cut} title={text}>
    {text}
  </span>
);

/** The ledger's columns (spec 2): merchant, date, amount and foreign amount, card and cardholder, team, category, flags. */
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
    return helper.columns([
      helper.accessor("transaction_date", {
        id: "date",
        header: () => t("expenses.columns.date"),
        cell: (info) => <span className={classes.nowrap}>{formatDate(new Date(info.getValue()), locale)}</span>,
      }),
      helper.accessor("merchant", {
        id: "merchant",
        header: () => t("expenses.columns.merchant"),
        cell: ({ row }) => (
          <>
            <Cut text={row.original.merchant} />
            {row.original.description !== "" && row.original.description !== row.original.merchant && (
              <Cut text={row.original.description} dim />
            )}
          </>
        ),
      }),
      helper.accessor("transaction_amount", {
        id: "amount",
        header: () => t("expenses.columns.amount"),
        cell: ({ row }) => {
          const { transaction_amount, original_amount, original_currency, original_exponent } = row.original;
          return (
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
          );
        },
      }),
      helper.accessor((row) => row.cardholder.full_name, {
        id: "cardholder",
        header: () => t("expenses.columns.cardholder"),
        cell: ({ row }) => (
          <>
            <Cut text={row.original.cardholder.full_name} />
            <span className={classes.second}>•••• {row.original.card.last_four}</span>
          </>
        ),
      }),
      helper.accessor((row) => row.team?.name ?? "", {
        id: "team",
        header: () => t("expenses.columns.team"),
        cell: (info) => <Cut text={info.getValue()} />,
      }),
      helper.accessor((row) => row.category?.title ?? "", {
        id: "category",
        header: () => t("expenses.columns.category"),
        cell: ({ row }) =>
          row.original.category ? (
            <>
              <Cut text={row.original.category.title} />
              <Cut text={row.original.category.code} dim />
            </>
          ) : (
            <span className={classes.missing}>{words.noCategory}</span>
          ),
      }),
      helper.accessor("has_receipt", {
        id: "receipt",
        header: () => <IconReceipt size={16} aria-label={t("expenses.columns.receipt")} />,
        cell: (info) =>
          info.getValue() ? (
            <Icon className={`${classes.iconReceipt} ${classes.ok}`} label={words.receipt} flag="receipt" />
          ) : (
            <Icon className={`${classes.iconNoReceipt} ${classes.dim}`} label={words.noReceipt} flag="no-receipt" />
          ),
      }),
      helper.display({
        id: "flags",
        header: () => t("expenses.columns.status"),
        cell: ({ row }) => {
          const { unsettled, exported, rule_violations } = row.original;
          return (
            <span className={classes.flags}>
              {unsettled && (
                <Icon
                  className={`${classes.iconPending} ${classes.pending}`}
                  label={words.unsettled}
                  flag="unsettled"
                />
              )}
              {exported && (
                <Icon className={`${classes.iconExported} ${classes.ok}`} label={words.exported} flag="exported" />
              )}
              {rule_violations.map((violation) => (
                <Icon
                  key={violation.rule_id}
                  className={`${classes.iconWarn} ${classes.warn}`}
                  label={words.rules[violation.rule_id]}
                  flag={violation.rule_id}
                />
              ))}
            </span>
          );
        },
      }),
    ]);
  }, [t, money, locale]);
};
