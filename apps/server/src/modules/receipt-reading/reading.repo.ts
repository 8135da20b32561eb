import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import type { ReadingConfidence, ReadingVat, ReceiptReadingRow } from "../../platform/db/schema/index.ts";

/** The `receipt_readings` table and what reading a receipt looks up; every query is scoped by project. */

/** A receipt as the reader needs it: its file, its sender, its transaction (with its amount, date and tax). */
export type ReceiptToRead = {
  id: string;
  projectId: string;
  userId: string;
  transactionId: string | null;
  transactionTaxCategoryId: string | null;
  fileType: string;
  blobKey: string;
  contentHash: string | null;
  createdAt: Date;
};

/** A stored receipt still to be read; null once read (a second task, sent while the first ran, does nothing). */
export const receiptToRead = async (
  db: Executor,
  projectId: string,
  receiptId: string,
): Promise<ReceiptToRead | null> => {
  const result = await db.execute<{
    id: string;
    project_id: string;
    user_id: string;
    transaction_id: string | null;
    tax_category_id: string | null;
    file_type: string;
    blob_key: string;
    content_hash: string | null;
    created_at: Date;
  }>(sql`
    select r.id, r.project_id, r.user_id, r.transaction_id, t.tax_category_id, r.file_type, r.blob_key,
           r.content_hash, r.created_at
      from receipts r
      left join transactions t on t.project_id = r.project_id and t.id = r.transaction_id
     where r.project_id = ${projectId} and r.id = ${receiptId} and r.deleted_at is null
       and not exists (select 1 from receipt_readings x where x.project_id = r.project_id and x.receipt_id = r.id)`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        projectId: row.project_id,
        userId: row.user_id,
        transactionId: row.transaction_id,
        transactionTaxCategoryId: row.tax_category_id,
        fileType: row.file_type,
        blobKey: row.blob_key,
        contentHash: row.content_hash,
        createdAt: new Date(row.created_at),
      }
    : null;
};

/** The company's enabled tax category at a rate (24% = 2400), the first by code; null when it has none. */
export const taxCategoryAtRate = async (
  db: Executor,
  projectId: string,
  basisPoints: number,
): Promise<string | null> => {
  const result = await db.execute<{ id: string }>(sql`
    select id from tax_categories
     where project_id = ${projectId} and enabled and round(percentage * 100) = ${basisPoints}
     order by code limit 1`);
  return result.rows[0]?.id ?? null;
};

export type NewReading = {
  projectId: string;
  receiptId: string;
  status: "read" | "unread";
  source: "pdf_text" | "ocr" | null;
  totalAmount: number | null;
  purchaseDate: string | null;
  kennitala: string | null;
  lastFour: string | null;
  merchant: string | null;
  /** The seller's VSK-númer and address as printed (null when not read). */
  seller: { vatNumber: string | null; street: string | null; postcode: string | null; city: string | null };
  vat: ReadingVat[];
  confidence: ReadingConfidence;
  proposedTaxCategoryId: string | null;
  readAt: Date;
};

/** Stores a reading; a receipt read again (a retried task) keeps the newest. */
export const saveReading = async (db: Executor, reading: NewReading): Promise<void> => {
  await db.execute(sql`
    insert into receipt_readings (project_id, receipt_id, status, source, total_amount, purchase_date, kennitala,
                                  last_four, merchant, vat_number, street, postcode, city, vat, confidence,
                                  proposed_tax_category_id, read_at)
    values (${reading.projectId}, ${reading.receiptId}, ${reading.status}, ${reading.source}, ${reading.totalAmount},
            ${reading.purchaseDate}, ${reading.kennitala}, ${reading.lastFour}, ${reading.merchant},
            ${reading.seller.vatNumber}, ${reading.seller.street}, ${reading.seller.postcode}, ${reading.seller.city},
            ${JSON.stringify(reading.vat)}::jsonb, ${JSON.stringify(reading.confidence)}::jsonb,
            ${reading.proposedTaxCategoryId}, ${reading.readAt})
    on conflict (project_id, receipt_id) do update set
      status = excluded.status, source = excluded.source, total_amount = excluded.total_amount,
      purchase_date = excluded.purchase_date, kennitala = excluded.kennitala, last_four = excluded.last_four,
      merchant = excluded.merchant, vat_number = excluded.vat_number, street = excluded.street,
      postcode = excluded.postcode, city = excluded.city, vat = excluded.vat, confidence = excluded.confidence,
      proposed_tax_category_id = excluded.proposed_tax_category_id, read_at = excluded.read_at`);
};

/** A reading with what it is compared against: the transaction's amounts and date, the proposed tax category. */
export type ReadingWithTransaction = ReceiptReadingRow & {
  transactionAmountIsk: number | null;
  transactionOriginalAmount: number | null;
  transactionCurrency: string | null;
  transactionDate: Date | null;
  transactionTaxCategoryId: string | null;
  proposedTaxCategoryCode: string | null;
};

/** The readings of these receipts (one statement for a list of receipts). */
export const readingsOf = async (
  db: Executor,
  projectId: string,
  receiptIds: readonly string[],
): Promise<Map<string, ReadingWithTransaction>> => {
  if (receiptIds.length === 0) return new Map();
  const result = await db.execute<{
    project_id: string;
    receipt_id: string;
    status: "read" | "unread";
    source: "pdf_text" | "ocr" | null;
    total_amount: string | null;
    purchase_date: string | null;
    kennitala: string | null;
    last_four: string | null;
    merchant: string | null;
    vat_number: string | null;
    street: string | null;
    postcode: string | null;
    city: string | null;
    vat: ReadingVat[];
    confidence: ReadingConfidence;
    proposed_tax_category_id: string | null;
    read_at: Date;
    amount_isk: string | null;
    original_amount: string | null;
    original_currency: string | null;
    transaction_date: Date | null;
    tax_category_id: string | null;
    proposed_code: string | null;
  }>(sql`
    select x.project_id, x.receipt_id, x.status, x.source, x.total_amount::text as total_amount,
           x.purchase_date::text as purchase_date, x.kennitala, x.last_four, x.merchant, x.vat_number,
           x.street, x.postcode, x.city, x.vat, x.confidence,
           x.proposed_tax_category_id, x.read_at,
           t.transaction_amount::text as amount_isk, t.original_amount::text as original_amount,
           t.original_currency, t.transaction_date, t.tax_category_id, tc.code as proposed_code
      from receipt_readings x
      join receipts r on r.project_id = x.project_id and r.id = x.receipt_id
      left join transactions t on t.project_id = r.project_id and t.id = r.transaction_id
      left join tax_categories tc on tc.project_id = x.project_id and tc.id = x.proposed_tax_category_id
     where x.project_id = ${projectId} and x.receipt_id = any(${sql.param([...receiptIds])}::uuid[])`);
  return new Map(
    result.rows.map((row) => [
      row.receipt_id,
      {
        projectId: row.project_id,
        receiptId: row.receipt_id,
        status: row.status,
        source: row.source,
        totalAmount: row.total_amount === null ? null : Number(row.total_amount),
        purchaseDate: row.purchase_date,
        kennitala: row.kennitala,
        lastFour: row.last_four,
        merchant: row.merchant,
        vatNumber: row.vat_number,
        street: row.street,
        postcode: row.postcode,
        city: row.city,
        vat: row.vat,
        confidence: row.confidence,
        proposedTaxCategoryId: row.proposed_tax_category_id,
        readAt: new Date(row.read_at),
        transactionAmountIsk: row.amount_isk === null ? null : Number(row.amount_isk),
        transactionOriginalAmount: row.original_amount === null ? null : Number(row.original_amount),
        transactionCurrency: row.original_currency,
        transactionDate: row.transaction_date ? new Date(row.transaction_date) : null,
        transactionTaxCategoryId: row.tax_category_id,
        proposedTaxCategoryCode: row.proposed_code,
      },
    ]),
  );
};

/** Receipts of the last day, across companies, that have no reading and are older than `before`: the sweep's. */
export const receiptsWithoutReading = async (
  db: Executor,
  since: Date,
  before: Date,
): Promise<{ projectId: string; id: string }[]> => {
  const result = await db.execute<{ project_id: string; id: string }>(sql`
    select r.project_id, r.id from receipts r
     where r.deleted_at is null and r.created_at >= ${since} and r.created_at < ${before}
       and not exists (select 1 from receipt_readings x where x.project_id = r.project_id and x.receipt_id = r.id)
     order by r.created_at limit 100`);
  return result.rows.map((row) => ({ projectId: row.project_id, id: row.id }));
};
