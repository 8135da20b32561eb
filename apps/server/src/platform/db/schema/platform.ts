import { index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns.ts";
import { idempotencyStatus } from "./enums.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Who did what. `project_id` is null only for events outside any project (sign-in, a user lock).
 * Rows are never updated or deleted; projects are never deleted, so the reference restricts.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "restrict" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** `card.create`, `card.reveal_sensitive`, `user.set_role`... */
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_project_created_idx").on(t.projectId, t.createdAt.desc().nullsFirst()),
    index("audit_log_object_idx").on(t.objectType, t.objectId),
    // The audit log page's filter by who (issue 16), newest first by keyset.
    index("audit_log_project_actor_created_idx").on(
      t.projectId,
      t.actorUserId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Stored answers of POST and PATCH requests with an Idempotency-Key, replayed for 24 hours. `scope` is who
 * sent the key (the user, or the token for unauthenticated calls), so two users cannot collide on one key.
 * An `in_progress` row makes a concurrent duplicate wait for the first request's answer.
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    id: id(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** sha256 of method, path and body: the same key with another request is refused, not replayed. */
    requestHash: text("request_hash").notNull(),
    status: idempotencyStatus("status").notNull().default("in_progress"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    unique("idempotency_records_scope_key").on(t.scope, t.key),
    index("idempotency_records_expires_at_idx").on(t.expiresAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type IdempotencyRecordRow = typeof idempotencyRecords.$inferSelect;
