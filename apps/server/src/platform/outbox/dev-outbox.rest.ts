import { parseIcelandicPhone } from "@kort/core";
import { z } from "zod";
import { defineRoute } from "../http/rest.ts";
import { listOutbox } from "./outbox.repo.ts";

export const OUTBOX_PAGE_LIMIT = 50;

const outboxMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(["sms", "email", "einvoice"]),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.date(),
});

const outboxQuerySchema = z
  .object({
    to: z.string().trim().min(1).max(320).optional(),
    limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_LIMIT).default(OUTBOX_PAGE_LIMIT),
  })
  .strict();

/** `?to=` matches as stored: e-mail lower-cased, a phone number in any Icelandic form read as E.164. */
const normalisedAddress = (to: string): string => {
  const phone = parseIcelandicPhone(to);
  return phone.ok ? phone.value : to.toLowerCase();
};

/**
 * `GET /v1/dev/outbox`: the messages the adapters wrote, so a person trying the demo can read their sign-in
 * code. routes.ts registers it only in demo mode; in production the route does not exist (404).
 */
export const devOutboxRoute = defineRoute({
  method: "GET",
  path: "/v1/dev/outbox",
  summary: "Demo mode only: the newest messages in the outbox (at most 50), optionally to one address",
  tag: "dev",
  access: "public",
  query: outboxQuerySchema,
  response: z.array(outboxMessageSchema),
  handler: async ({ query, deps }) => {
    const rows = await listOutbox(deps.db, {
      to: query.to === undefined ? undefined : normalisedAddress(query.to),
      limit: query.limit,
    });
    return rows.map((row) => ({ ...row, created_at: row.createdAt }));
  },
});
