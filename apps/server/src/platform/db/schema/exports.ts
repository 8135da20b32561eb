import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { exportFormat, exportLevel, jobStatus } from "./enums.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/** Daily exports a project has set up; each run creates an `exports` row. */
export const scheduledExports = pgTable(
  "scheduled_exports",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    level: exportLevel("level").notNull(),
    fileType: exportFormat("file_type").notNull(),
    excludeBooked: boolean("exclude_booked").notNull().default(true),
    markAsBooked: boolean("mark_as_booked").notNull().default(true),
    enabled: boolean("enabled").notNull().default(true),
    lastRunAt: timestamptz("last_run_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("scheduled_exports_project_idx").on(t.projectId)],
);

/** An export job: progress for the interface, and the file in blob storage when completed. */
export const exports = pgTable(
  "exports",
  {
    id: id(),
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
    error: text("error"),
    scheduledExportId: uuid("scheduled_export_id").references(() => scheduledExports.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [index("exports_project_created_idx").on(t.projectId, t.createdAt.desc().nullsFirst())],
);

export type ExportRow = typeof exports.$inferSelect;
export type ScheduledExportRow = typeof scheduledExports.$inferSelect;
