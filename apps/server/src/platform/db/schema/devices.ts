import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/**
 * The phones and browsers a person uses the employee app on (spec 7, devices). A device is the person's, not a
 * company's (like their sessions), so the table has no project_id. The id is chosen by the device itself (a UUID
 * it keeps), so registering again after a reinstall or a new sign-in is the same PUT. The push token is where Web
 * Push reaches the device (a push subscription's JSON), null until the person allows notifications.
 */
export const devices = pgTable(
  "devices",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the device says it is: `web`, or a phone maker. */
    make: text("make").notNull(),
    model: text("model"),
    /** The name the person sees in their list (e.g. "Síminn minn"). */
    name: text("name"),
    pushToken: text("push_token"),
    /**
     * The device's own public key (`PUT /v1/devices/key`): a P-256 key in SPKI DER, base64url, as WebCrypto's
     * `exportKey("spki")` gives it. Public by nature; null until the device sends one.
     */
    publicKey: text("public_key"),
    publicKeySetAt: timestamptz("public_key_set_at"),
    lastSeenAt: timestamptz("last_seen_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("devices_user_idx").on(t.userId)],
);
