import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { messageChannel, onboardingAttributeKind, onboardingStatus, tokenStatus, verificationStatus } from "./enums.ts";
import { inviteLinks } from "./invites.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Bearer tokens (spec: Token/session). The token itself is never stored, only its sha256 hex: a leaked
 * table cannot be replayed. Created on sign-in, approved after the code and passcode.
 */
export const tokens = pgTable(
  "tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    status: tokenStatus("status").notNull().default("created"),
    /** How the token was asked for (POST /tokens `authenticator`), e.g. `email`. */
    authenticator: text("authenticator"),
    deviceId: text("device_id"),
    deviceMake: text("device_make"),
    expiresAt: timestamptz("expires_at").notNull(),
    approvedAt: timestamptz("approved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tokens_user_idx").on(t.userId), index("tokens_expires_at_idx").on(t.expiresAt)],
);

/** Renewable dashboard sessions (POST /sessions, GET /sessions/verify), each backed by an approved token. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id").references(() => tokens.id, { onDelete: "cascade" }),
    /** sha256 hex of the session secret. */
    secretHash: text("secret_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    lastSeenAt: timestamptz("last_seen_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_token_idx").on(t.tokenId)],
);

/** Sign-up, kept server-side until it completes: the attributes gathered step by step. */
export const onboardings = pgTable(
  "onboardings",
  {
    id: id(),
    status: onboardingStatus("status").notNull().default("created"),
    email: text("email").notNull(),
    /** The invitation the sign-up answers, through the invitation directory (a global table refers to it). */
    inviteId: uuid("invite_id").references(() => inviteLinks.inviteId, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** A new company's name and kennitala (10 digits); null when the person was invited to an existing one. */
    companyName: text("company_name"),
    companyKennitala: text("company_kennitala"),
    /** The project the completed sign-up created or joined. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** Progress dots the web app shows: 5, or 4 when the invitation link already proved the e-mail. */
    steps: integer("steps").notNull().default(5),
    termsAcceptedAt: timestamptz("terms_accepted_at"),
    privacyAcceptedAt: timestamptz("privacy_accepted_at"),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("onboardings_email_idx").on(t.email),
    index("onboardings_invite_idx").on(t.inviteId),
    check("onboardings_company_kennitala_digits", sql`${t.companyKennitala} ~ '^[0-9]{10}$'`),
    check("onboardings_steps_known", sql`${t.steps} in (4, 5)`),
  ],
);

export const onboardingAttributes = pgTable(
  "onboarding_attributes",
  {
    id: id(),
    onboardingId: uuid("onboarding_id")
      .notNull()
      .references(() => onboardings.id, { onDelete: "cascade" }),
    kind: onboardingAttributeKind("kind").notNull(),
    /** Secrets (app_pin, password) are stored as their argon2id hash, never as given. */
    value: text("value").notNull(),
    verifiedAt: timestamptz("verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("onboarding_attributes_onboarding_kind_key").on(t.onboardingId, t.kind)],
);

/**
 * One-time codes: 6-digit SMS codes and e-mail links. Only the argon2id hash of the code is kept, and the
 * attempt counter bounds guessing.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    channel: messageChannel("channel").notNull(),
    /** What passing it unlocks: `sign_in`, `sign_up_phone`, `sign_up_email`, `email_alias`... */
    purpose: text("purpose").notNull(),
    /** The phone number (E.164) or e-mail address the code went to. */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    status: verificationStatus("status").notNull().default("created"),
    attempts: integer("attempts").notNull().default(0),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id").references(() => tokens.id, { onDelete: "cascade" }),
    onboardingId: uuid("onboarding_id").references(() => onboardings.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    verifiedAt: timestamptz("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verifications_user_idx").on(t.userId),
    index("verifications_token_idx").on(t.tokenId),
    index("verifications_onboarding_idx").on(t.onboardingId),
  ],
);

/**
 * Sliding-window rate limits (docs/auth.md): one row per counted request, keyed by what is limited
 * (`identity:<e-mail>`, `address:<ip>`). Rows older than the longest window are deleted as new ones arrive.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: id(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("rate_limit_hits_key_created_idx").on(t.key, t.createdAt.desc().nullsFirst()),
    index("rate_limit_hits_created_idx").on(t.createdAt),
  ],
);

export type TokenRow = typeof tokens.$inferSelect;
export type VerificationRow = typeof verifications.$inferSelect;
