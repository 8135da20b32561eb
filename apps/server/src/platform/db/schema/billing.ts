import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { companyReference, createdAt, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { jobStatus } from "./enums.ts";
import { projects } from "./projects.ts";
import { teams } from "./teams.ts";

/**
 * The platform's invoice to a project for one billing period (27th to 26th): PDF and Peppol UBL XML.
 * Dates are calendar dates (`YYYY-MM-DD` strings), as printed on the invoice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    /** Invoice number in its issuer's series of the year (invoice_number_series): `2026-000001`. */
    number: text("number").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    /** The platform operator's name as printed. */
    issuer: text("issuer").notNull(),
    totalAmount: money("total_amount").notNull(),
    currency: text("currency").notNull().default("ISK"),
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    status: jobStatus("status").notNull().default("created"),
    fileName: text("file_name"),
    /** The UBL XML (the spec's file_url) and the PDF (pdf_url). */
    fileBlobKey: text("file_blob_key"),
    pdfBlobKey: text("pdf_blob_key"),
    sentAt: timestamptz("sent_at"),
    /** The e-invoicing address (Peppol `scheme:id`) it was last sent to electronically. */
    sentTo: text("sent_to"),
    /** The issuer's kennitala when issued: the number series is the issuer's (invoice_number_series). */
    issuerKennitala: text("issuer_kennitala").notNull().default(""),
    /**
     * Issuer and buyer as printed (name, kennitala, address, bank account): an invoice never changes after it is
     * issued, even when the company moves or the operator changes bank.
     */
    parties: jsonb("parties").$type<Record<string, unknown>>().notNull().default({}),
    /** The language of its PDF (`is-IS` or `en-US`): the owner's when issued. */
    locale: text("locale").notNull().default("is-IS"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "invoices_pkey", columns: [t.projectId, t.id] }),
    // One invoice per project and period, so a rerun of the period-end job cannot bill twice.
    unique("invoices_project_period_key").on(t.projectId, t.periodFrom),
    index("invoices_project_issue_date_idx").on(t.projectId, t.issueDate.desc().nullsFirst()),
    check("invoices_period_order", sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** One line of an invoice: a team's settled spend in the period (or the whole company's when it has no teams). */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    projectId: uuid("project_id").notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    lineNo: integer("line_no").notNull(),
    teamId: uuid("team_id"),
    /** The team's name when issued, or the company's title for a company without teams. */
    description: text("description").notNull(),
    /** Settled purchases less refunds, ISK. */
    amount: money("amount").notNull(),
    transactionCount: integer("transaction_count").notNull(),
  },
  (t) => [
    primaryKey({ name: "invoice_lines_pkey", columns: [t.projectId, t.invoiceId, t.lineNo] }),
    companyReference("invoice_lines_team_fk", [t.projectId, t.teamId], teams).onDelete("set null"),
    foreignKey({
      name: "invoice_lines_invoice_fk",
      columns: [t.projectId, t.invoiceId],
      foreignColumns: [invoices.projectId, invoices.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The issuer's gap-free invoice numbers, one series per issuer (kennitala) and calendar year: the next number is
 * taken by an UPDATE of this row in the transaction that writes the invoice, so a rolled-back invoice gives its
 * number back and two issuers of the same year wait on each other instead of skipping or repeating one.
 */
/**
 * The invoice number directory: whose invoice a number of an issuer's series is. A number is unique in its series,
 * which is the issuer's and runs across companies (another issuer, after the operator's kennitala changed, starts
 * its own series at 1 and repeats the first issuer's numbers). The key lives here, not on `invoices`, so that on a
 * database distributed by `project_id` it stays on the coordinator beside the series (docs/scaling.md, blocker 2).
 * Kept by a trigger on `invoices` (migration 0040), whichever code writes the invoice.
 */
export const invoiceNumbers = pgTable(
  "invoice_numbers",
  {
    issuerKennitala: text("issuer_kennitala").notNull(),
    number: text("number").notNull(),
    projectId: uuid("project_id").notNull(),
    invoiceId: uuid("invoice_id").notNull(),
  },
  (t) => [primaryKey({ name: "invoice_numbers_pkey", columns: [t.issuerKennitala, t.number] })],
);

export const invoiceNumberSeries = pgTable(
  "invoice_number_series",
  {
    issuerKennitala: text("issuer_kennitala").notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ name: "invoice_number_series_pkey", columns: [t.issuerKennitala, t.year] })],
);

export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
