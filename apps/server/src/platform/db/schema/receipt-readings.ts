import { sql } from "drizzle-orm";
import { bigint, check, date, foreignKey, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { projects } from "./projects.ts";
import { receipts } from "./transactions.ts";

/** How sure the reader is of each field, from 0 to 1. */
export type ReadingConfidence = Partial<
  Record<"total" | "date" | "kennitala" | "last_four" | "merchant" | "vat_number" | "address", number>
>;

/** A VSK line read from a receipt: 24% = 2400, the VAT in whole krónur. */
export type ReadingVat = { basis_points: number; amount: number; confidence: number };

/**
 * What was read from a receipt's picture or PDF on this server (issue 18). No row yet: not read yet. `unread`: the
 * file could not be read (a blank photo, an encrypted PDF, a HEIC this build cannot decode); nothing else changes.
 */
export const receiptReadings = pgTable(
  "receipt_readings",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    receiptId: uuid("receipt_id").notNull(),
    status: text("status").$type<"read" | "unread">().notNull(),
    /** Where the text came from: a PDF's text layer, or OCR of a picture (or of a scanned page). */
    source: text("source").$type<"pdf_text" | "ocr">(),
    /** Whole krónur. */
    totalAmount: bigint("total_amount", { mode: "number" }),
    purchaseDate: date("purchase_date", { mode: "string" }),
    /** The seller's kennitala, its check digit valid. */
    kennitala: text("kennitala"),
    lastFour: text("last_four"),
    merchant: text("merchant"),
    /** The seller's VSK-númer (5 or 6 digits) and address as printed: what a UBL export needs of the seller. */
    vatNumber: text("vat_number"),
    street: text("street"),
    postcode: text("postcode"),
    city: text("city"),
    vat: jsonb("vat").$type<ReadingVat[]>().notNull().default([]),
    confidence: jsonb("confidence").$type<ReadingConfidence>().notNull().default({}),
    /** The company's tax category at the VSK rate read, proposed when the transaction has none (a person confirms). */
    proposedTaxCategoryId: uuid("proposed_tax_category_id"),
    readAt: timestamptz("read_at").notNull(),
  },
  (t) => [
    primaryKey({ name: "receipt_readings_pkey", columns: [t.projectId, t.receiptId] }),
    foreignKey({
      name: "receipt_readings_receipt_fk",
      columns: [t.projectId, t.receiptId],
      foreignColumns: [receipts.projectId, receipts.id],
    }).onDelete("cascade"),
    check("receipt_readings_status_known", sql`${t.status} in ('read', 'unread')`),
    check("receipt_readings_source_known", sql`${t.source} is null or ${t.source} in ('pdf_text', 'ocr')`),
  ],
);

export type ReceiptReadingRow = typeof receiptReadings.$inferSelect;
