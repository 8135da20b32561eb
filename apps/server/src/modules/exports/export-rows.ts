import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import type { CopiedRow } from "../../platform/db/copy-out.ts";
import { type ExportLine, vatOfGross } from "./export-line.ts";
import { SELLER_READINGS, uuidList } from "./exports.repo.ts";

/**
 * The rows an export writes: one statement, read with COPY (platform/db/copy-out.ts) in the order of its columns,
 * and each row made into the line the formats write. The statement and `exportLineOf` are kept side by side
 * because the one's column order is the other's field order.
 */

/** The statement of an export's rows, in (date, id) order, with everything a format writes about each. */
export const lineStatement = (where: SQL, options: { seller: boolean }): SQL => {
  // Only UBL formats pay for the seller's lookup (by the receipts' transaction index, for rows with receipts).
  const seller = options.seller
    ? sql`, case when t.receipt_count > 0 then (
               select jsonb_build_object('name', coalesce(nullif(x.merchant, ''), t.merchant_name),
                        'kennitala', x.kennitala, 'vat_number', x.vat_number, 'street', x.street,
                        'postcode', x.postcode, 'city', x.city)
                 from ${SELLER_READINGS}
                order by x.read_at desc limit 1) end`
    : sql``;
  return sql`
    select t.id, to_char(t.transaction_date at time zone 'UTC', 'YYYY-MM-DD'), t.merchant_name, t.description,
           t.comments, t.transaction_amount, t.original_amount, t.original_currency, t.original_exponent,
           case when t.original_currency <> 'ISK' and t.original_amount <> 0
                then round(t.transaction_amount::numeric * power(10::numeric, t.original_exponent) / t.original_amount, 4)
           end,
           c.masked_number, u.full_name, tm.name, nullif(tm.account_code, ''), nullif(cat.code, ''), cat.title,
           tc.code, round(tc.percentage * 100)::int, tc.peppol_code, t.receipt_count,
           exists (select 1 from transaction_dimension_values x where x.project_id = t.project_id and x.transaction_id = t.id)
           ${seller}
      from transactions t
      join cards c on c.project_id = t.project_id and c.id = t.card_id
      join users u on u.id = t.user_id
      left join teams tm on tm.project_id = t.project_id and tm.id = t.team_id
      left join categories cat on cat.project_id = t.project_id and cat.id = t.category_id
      left join tax_categories tc on tc.project_id = t.project_id and tc.id = t.tax_category_id
     where ${where}
     order by t.transaction_date, t.id`;
};

export type DimensionValue = { title: string; value: string };

/** The seller as the statement's JSON has it (read from a receipt). */
type SellerJson = {
  name: string;
  kennitala: string;
  vat_number: string;
  street: string;
  postcode: string;
  city: string | null;
};

const text = (field: string | null | undefined): string => field ?? "";
const optional = (field: string | null | undefined): string | null => field ?? null;

/** What a row's line takes besides the row: its dimension values, its voucher and where receipt links point. */
export type LineExtras = { dimensions: readonly DimensionValue[]; voucher: number; receiptBase: string };

/** A row of `lineStatement` as COPY gives it (fields in the statement's column order) made into an export line. */
export const exportLineOf = (fields: CopiedRow, extras: LineExtras): ExportLine => {
  const id = text(fields[0]);
  const amountIsk = Number(fields[5]);
  const vatCode = optional(fields[16]);
  const basisPoints = fields[17] == null ? null : Number(fields[17]);
  const peppolCode = optional(fields[18]);
  const seller = fields.length > 21 && fields[21] ? (JSON.parse(fields[21]) as SellerJson) : null;
  return {
    transactionId: id,
    voucher: extras.voucher,
    date: text(fields[1]),
    merchant: text(fields[2]),
    description: text(fields[3]),
    comment: optional(fields[4]),
    amountIsk,
    originalAmount: Number(fields[6]),
    originalCurrency: text(fields[7]),
    originalExponent: Number(fields[8] ?? 0),
    fxRate: optional(fields[9]),
    cardLastFour: text(fields[10]),
    cardholderName: text(fields[11]),
    teamName: optional(fields[12]),
    department: optional(fields[13]),
    account: optional(fields[14]),
    categoryTitle: optional(fields[15]),
    vat:
      vatCode !== null && basisPoints !== null && peppolCode !== null
        ? { code: vatCode, basisPoints, peppolCode, amountIsk: vatOfGross(amountIsk, basisPoints) }
        : null,
    dimensions: extras.dimensions,
    receiptUrl: Number(fields[19] ?? 0) > 0 ? `${extras.receiptBase}/expenses/${id}` : null,
    // Read from the transaction's receipt, for the UBL formats (exports.repo.ts, SELLER_READINGS).
    seller: seller
      ? {
          name: seller.name,
          country: "IS",
          legalId: seller.kennitala,
          vatNumber: seller.vat_number,
          street: seller.street,
          city: seller.city,
          postcode: seller.postcode,
          endpoint: null,
        }
      : null,
  };
};

/**
 * Whether a row of `lineStatement` has dimension values: the statement looks (an index probe per row, too little to
 * measure), so a batch asks for the values of those rows only. Asking for every row's cost PostgreSQL 160 ms of
 * CPU per 100,000 rows in a company where a few transactions have any.
 */
export const hasDimensions = (fields: CopiedRow): boolean => fields[20] === "t";

/**
 * The dimension values of a batch's rows that have some (hasDimensions), by transaction, each row's in the order of
 * the dimensions' titles. One statement per batch, an index probe per row: a subquery per row in the rows' own
 * statement cost the export a quarter of its time.
 */
export const batchDimensions = async (
  db: Executor,
  projectId: string,
  transactionIds: readonly string[],
): Promise<Map<string, DimensionValue[]>> => {
  const result = await db.execute<{ transaction_id: string; title: string; value: string }>(sql`
    select tdv.transaction_id, d.title, dv.title as value
      from transaction_dimension_values tdv
      join dimensions d on d.project_id = tdv.project_id and d.id = tdv.dimension_id
      join dimension_values dv on dv.project_id = tdv.project_id and dv.id = tdv.dimension_value_id
     where tdv.project_id = ${projectId} and tdv.transaction_id = any(${uuidList(transactionIds)})
     order by tdv.transaction_id, d.title`);
  const byTransaction = new Map<string, DimensionValue[]>();
  for (const row of result.rows) {
    const values = byTransaction.get(row.transaction_id);
    const value = { title: row.title, value: row.value };
    if (values) values.push(value);
    else byTransaction.set(row.transaction_id, [value]);
  }
  return byTransaction;
};
