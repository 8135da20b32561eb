import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";

/** A person. Their role lives on each project membership, not here (one user, many projects). */
export const users = pgTable(
  "users",
  {
    id: id(),
    fullName: text("full_name").notNull(),
    preferredName: text("preferred_name"),
    /** Sign-in identity; stored lower-case so lookups need no `lower()` and the unique index holds. */
    email: text("email").notNull().unique(),
    /** Kennitala as its 10 digits, without the dash. */
    nin: text("nin").unique(),
    /** E.164, `+3546123456`. */
    phone: text("phone"),
    imageId: uuid("image_id"),
    imageBlobKey: text("image_blob_key"),
    imageThumbnailBlobKey: text("image_thumbnail_blob_key"),
    /** Personal-settings language; `is-IS` or `en-US`. */
    locale: text("locale").notNull().default("is-IS"),
    /** argon2id of the 4-digit passcode; null until sign-up sets it. */
    passcodeHash: text("passcode_hash"),
    failedPasscodeAttempts: integer("failed_passcode_attempts").notNull().default(0),
    /** A temporary lock ("User temporarily locked"); repeated temporary locks become permanent. */
    lockedUntil: timestamptz("locked_until"),
    tempLockCount: integer("temp_lock_count").notNull().default(0),
    /** Only an admin can lift it ("User locked, contact your admin"). */
    lockedPermanently: boolean("locked_permanently").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_nin_digits", sql`${t.nin} ~ '^[0-9]{10}$'`),
    check("users_locale_known", sql`${t.locale} in ('is-IS', 'en-US')`),
    index("users_phone_idx").on(t.phone),
    // The console's list of locked users stays small: only rows that were ever locked are in it.
    index("users_locked_idx").on(t.updatedAt, t.id).where(sql`${t.lockedPermanently} or ${t.lockedUntil} is not null`),
  ],
);

/** E-mail aliases of personal settings: unverified until the link is followed, then connected. */
export const emailAddresses = pgTable(
  "email_addresses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Unique across users, so an inbound receipt e-mail maps to exactly one person. */
    email: text("email").notNull().unique(),
    verifiedAt: timestamptz("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_addresses_user_idx").on(t.userId),
    check("email_addresses_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);
