import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, money, tenantRowId, timestamptz } from "./columns.ts";
import { messageChannel } from "./enums.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/** In-app notifications (GET /notifications): budget alerts, reminders, declines... */
export const notifications = pgTable(
  "notifications",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Makes a notification that must go out once (a team's 80% budget alert for one period) idempotent:
     * insert ... on conflict do nothing.
     */
    dedupeKey: text("dedupe_key"),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "notifications_pkey", columns: [t.projectId, t.id] }),
    index("notifications_user_project_created_idx").on(t.userId, t.projectId, t.createdAt.desc().nullsFirst()),
    index("notifications_project_idx").on(t.projectId),
    unique("notifications_project_user_dedupe_key").on(t.projectId, t.userId, t.dedupeKey),
  ],
);

/**
 * The team budget alerts sent (issue 16): one row per team, billing period and level (80 or 100 percent of the
 * monthly budget). The job inserts with `on conflict do nothing` and notifies only for the rows it inserted, so
 * each alert goes out once per period however often the job runs or how many servers run it.
 */
export const teamBudgetAlerts = pgTable(
  "team_budget_alerts",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").notNull(),
    periodStart: timestamptz("period_start").notNull(),
    level: integer("level").notNull(),
    /** What the team had spent and its budget when the alert went out (ISK). */
    spent: money("spent").notNull(),
    budget: money("budget").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "team_budget_alerts_pkey", columns: [t.projectId, t.teamId, t.periodStart, t.level] }),
    check("team_budget_alerts_level", sql`${t.level} in (80, 100)`),
  ],
);

/** Platform announcements; `project_id` null addresses every project. */
export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** `is-IS`, `en-US`, or null for both. */
    locale: text("locale"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url"),
    publishedAt: timestamptz("published_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("announcements_published_idx").on(t.publishedAt.desc().nullsFirst())],
);

/** POST /announcements/{id}/ack. */
export const announcementAcknowledgements = pgTable(
  "announcement_acknowledgements",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamptz("acknowledged_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "announcement_acknowledgements_pkey", columns: [t.announcementId, t.userId] }),
    index("announcement_acknowledgements_user_idx").on(t.userId),
  ],
);

/**
 * Every message that leaves the system (SMS, e-mail, e-invoice), written in the transaction that causes it (a
 * transactional outbox: a rolled-back request sends nothing, and no request waits on a mail server). In the
 * embedded default this is the delivery itself, read by developers and tests; with SMTP configured the delivery
 * worker (platform/outbox/delivery.ts) sends due e-mails after commit and stamps sent_at.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    channel: messageChannel("channel").notNull(),
    /** Phone number (E.164), e-mail address or e-invoice endpoint. */
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
    /** When the delivery worker may next try; null for messages that stay in the table (SMS, demo addresses). */
    nextAttemptAt: timestamptz("next_attempt_at"),
    attempts: integer("attempts").notNull().default(0),
    /** The transport's last refusal (no address or body), for operators. */
    lastError: text("last_error"),
  },
  (t) => [
    // The delivery worker's claim query: due, undelivered messages only.
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.nextAttemptAt} is not null`),
    // Tests and dev tools ask for "the latest message to this address".
    index("outbox_to_created_idx").on(t.to, t.createdAt.desc().nullsFirst()),
    index("outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
