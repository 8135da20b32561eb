import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { companyReference, createdAt, tenantRowId, timestamptz, updatedAt } from "./columns.ts";
import { exportFormat, exportLevel, jobStatus } from "./enums.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/** Daily exports a project has set up; each run creates an `exports` row. */
export const scheduledExports = pgTable(
  "scheduled_exports",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    level: exportLevel("level").notNull(),
    fileType: exportFormat("file_type").notNull(),
    excludeBooked: boolean("exclude_booked").notNull().default(true),
    markAsBooked: boolean("mark_as_booked").notNull().default(true),
    enabled: boolean("enabled").notNull().default(true),
    /** The hour of the day (UTC, Iceland's time) it runs at. */
    hour: smallint("hour").notNull().default(6),
    lastRunAt: timestamptz("last_run_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "scheduled_exports_pkey", columns: [t.id, t.projectId] }),
    index("scheduled_exports_project_idx").on(t.projectId),
    check("scheduled_exports_hour_range", sql`${t.hour} between 0 and 23`),
  ],
);

/** An export job: progress for the interface, and the file in blob storage when completed. */
export const exports = pgTable(
  "exports",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileType: exportFormat("file_type").notNull(),
    level: exportLevel("level").notNull(),
    status: jobStatus("status").notNull().default("created"),
    processedCount: integer("processed_count").notNull().default(0),
    totalCount: integer("total_count").notNull().default(0),
    /** The transaction filter (and, for CARD/USER/TRANSACTION levels, the selected ids). */
    filter: jsonb("filter").$type<Record<string, unknown>>().notNull().default({}),
    excludeBooked: boolean("exclude_booked").notNull().default(false),
    markAsBooked: boolean("mark_as_booked").notNull().default(false),
    fileName: text("file_name"),
    fileBlobKey: text("file_blob_key"),
    /** The error code of a failed export (translated by the interface). */
    error: text("error"),
    /** Rows the format cannot carry (no account, VAT or department) are left out instead of failing the export. */
    leaveOutUnfit: boolean("leave_out_unfit").notNull().default(false),
    /** Bytes of the finished file. */
    fileSize: bigint("file_size", { mode: "number" }),
    /** The locale the file was written for (CSV's separator, the column titles). */
    locale: text("locale").notNull().default("is-IS"),
    scheduledExportId: uuid("scheduled_export_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    primaryKey({ name: "exports_pkey", columns: [t.id, t.projectId] }),
    companyReference("exports_scheduled_export_fk", [t.projectId, t.scheduledExportId], scheduledExports).onDelete(
      "set null",
    ),
    index("exports_project_created_idx").on(t.projectId, t.createdAt.desc().nullsFirst()),
    // The sweep's question: which exports wait for a worker, or were left started by one that died.
    index("exports_unfinished_idx").on(t.updatedAt).where(sql`${t.status} in ('created', 'pending', 'started')`),
  ],
);

/**
 * The transactions an export wrote, one row per keyset batch as it runs (an array of ids, so a batch of a thousand
 * rows is one insert checked once against its export, not a thousand foreign-key checks): mark_as_booked stamps
 * them all in the one transaction that completes the export, and they stay as the record of what it held.
 */
export const exportBatches = pgTable(
  "export_batches",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    exportId: uuid("export_id").notNull(),
    /** 1, 2, ... in the order the batches were written. */
    batch: integer("batch").notNull(),
    transactionIds: uuid("transaction_ids").array().notNull(),
  },
  (t) => [
    primaryKey({ name: "export_batches_pkey", columns: [t.projectId, t.exportId, t.batch] }),
    companyReference("export_batches_export_fk", [t.projectId, t.exportId], exports).onDelete("cascade"),
  ],
);

export type ExportRow = typeof exports.$inferSelect;
export type ScheduledExportRow = typeof scheduledExports.$inferSelect;
