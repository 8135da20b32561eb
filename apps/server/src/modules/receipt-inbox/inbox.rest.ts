import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { INBOUND_MESSAGE_MAX_BYTES } from "../../platform/mail/smtp-listener.ts";
import { receiveReceiptEmail } from "./inbox.service.ts";

const fileOutcome = z.object({
  file_name: z.string(),
  status: z.enum(["attached", "suggested", "unmatched", "duplicate", "refused"]),
  receipt_id: z.string().optional(),
  transaction_id: z.string().nullable().optional(),
  code: z.string().optional(),
});

/**
 * For mail relays in front of Kort (an MX that checks SPF/DKIM and TLS, or a provider's inbound webhook): the raw
 * MIME message as the multipart field `message`, the envelope in the query. Authenticated with X-Mail-Relay-Key.
 * A refused message is an error with its code, so the relay can bounce it to the sender.
 */
export const inboxRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/inbound/receipts",
    summary:
      "A mail relay hands over an e-mail to a receipts address: multipart field `message` (raw MIME), query recipient and sender (the envelope)",
    tag: "receipts",
    access: "mail-relay",
    query: z.object({ recipient: z.email().max(320), sender: z.email().max(320).optional() }),
    upload: { field: "message", maxBytes: INBOUND_MESSAGE_MAX_BYTES },
    response: z.object({ project_id: z.string(), files: z.array(fileOutcome) }),
    handler: async ({ query, deps, upload }) => {
      const read = await upload();
      if (read.status === "too_large") {
        throw new AppError("RECEIPT_TOO_LARGE", "The message is too large.", { max_bytes: INBOUND_MESSAGE_MAX_BYTES });
      }
      const [outcome] = await receiveReceiptEmail(deps, {
        sender: query.sender ?? null,
        recipients: [query.recipient],
        raw: read.file.data,
      });
      if (!outcome) throw new Error("A message to one recipient had no outcome");
      if (outcome.status === "refused") throw new AppError(outcome.code, "The e-mail was not taken.");
      return { project_id: outcome.project_id, files: outcome.files };
    },
  }),
];
