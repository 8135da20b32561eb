import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, money, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { jobStatus } from "./enums.ts";
import { projects } from "./projects.ts";

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
    /** Invoice number, unique across the platform (the issuer numbers all its invoices in one series). */
    number: text("number").notNull().unique(),
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
