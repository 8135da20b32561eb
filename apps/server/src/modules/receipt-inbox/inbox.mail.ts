import type { Logger } from "../../platform/http/logger.ts";
import type { InboundMailHandler } from "../../platform/mail/smtp-listener.ts";
import { acceptsReceiptsAddress, type InboxDeps, type RecipientOutcome, receiveReceiptEmail } from "./inbox.service.ts";

/** What a refused recipient's sender is told (the SMTP reply): plain, and the same words the API's codes carry. */
const REFUSAL_TEXT: Record<string, string> = {
  RECEIPT_MAILBOX_UNKNOWN: "No company has this receipts address",
  RECEIPT_SENDER_UNKNOWN: "Receipts are taken only from the company's users, from their own address",
  RECEIPT_EMAIL_WITHOUT_RECEIPT: "No receipt attached (JPEG, PNG, HEIC or PDF)",
};

/**
 * A refusal is logged with its code and the company's mailbox, never the sender's address or the message: logs carry
 * no personal data or bodies. What was taken is logged as counts.
 */
export const logOutcomes = (logger: Logger, outcomes: readonly RecipientOutcome[]): void => {
  for (const outcome of outcomes) {
    const mailbox = outcome.recipient.split("@")[0];
    if (outcome.status === "refused") {
      logger.warn({ mailbox, code: outcome.code }, "receipt e-mail refused; nothing stored");
    } else {
      const counts: Record<string, number> = {};
      for (const file of outcome.files) counts[file.status] = (counts[file.status] ?? 0) + 1;
      logger.info({ mailbox, project: outcome.project_id, files: counts }, "receipt e-mail taken");
    }
  }
};

/**
 * The SMTP listener's handler: a message is accepted when at least one recipient took it; refused (550, with the
 * reason) when every recipient refused, so the sender's mail program tells them.
 */
export const receiptsMailHandler = (deps: InboxDeps, logger: Logger): InboundMailHandler => ({
  acceptsRecipient: (address) => acceptsReceiptsAddress(deps, address),
  receive: async (message) => {
    const outcomes = await receiveReceiptEmail(deps, message);
    logOutcomes(logger, outcomes);
    const refused = outcomes.find((outcome) => outcome.status === "refused");
    if (outcomes.some((outcome) => outcome.status === "taken") || !refused) return { accepted: true };
    return { accepted: false, reason: REFUSAL_TEXT[refused.code] ?? refused.code };
  },
});
