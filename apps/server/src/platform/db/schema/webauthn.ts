import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, timestamptz } from "./columns.ts";
import { devices } from "./devices.ts";
import { users } from "./users.ts";

/**
 * Unlock with the phone's biometrics (issue 17): a WebAuthn platform credential, one per person and device. Like
 * devices and sessions, a credential is the person's, not a company's, so the tables have no project_id. The id is
 * the credential id the authenticator chose (base64url); only the public key is kept, never anything biometric.
 */
export const webauthnCredentials = pgTable(
  "webauthn_credentials",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    /** The COSE public key as the authenticator gave it. */
    publicKey: bytea("public_key").notNull(),
    /** The authenticator's signature counter: a signature with a counter not above it is a replay or a clone. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [uniqueIndex("webauthn_credentials_user_device_key").on(t.userId, t.deviceId)],
);

/**
 * A challenge the server gave out, good once and for a few minutes: the answer must sign exactly this one. Kept in
 * the database (not in a server's memory) so the options and the verify may reach different servers.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: id(),
    purpose: text("purpose").notNull(),
    /** base64url, as the browser returns it in clientDataJSON. */
    challenge: text("challenge").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose", sql`${t.purpose} in ('registration', 'authentication')`),
  ],
);
