import type { Config } from "../config.ts";
import type { Executor } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { enqueueMessage } from "../outbox/outbox.ts";

/**
 * The e-invoicing adapter (decisions.md, "Messages that leave the system"): hands a Peppol UBL document to the
 * access point. Unimaze's messaging API over HTTP with basic auth when configured (KORT_UNIMAZE_*); otherwise, in
 * demo mode, the outbox, where the dev outbox page shows the document. Used by the invoices and meant for the Unimaze
 * export's sending too, so both go out the same way.
 */

export type EInvoice = {
  /** The document's ID (BT-1), for the access point's log and ours. */
  documentId: string;
  /** The sender's and receiver's Peppol addresses, `scheme:id` (`0196:5003101030`). */
  sender: string;
  receiver: string;
  xml: string;
  projectId: string | null;
};

export type EInvoiceReceipt = { sentTo: string; channel: "unimaze" | "outbox" };

export type EInvoiceSender = {
  /**
   * Sends the document. `db` is the caller's transaction: the outbox row commits with the caller's record of the
   * sending, and an HTTP sending is done before the caller records it (a refused one records nothing).
   */
  send(db: Executor, invoice: EInvoice): Promise<EInvoiceReceipt>;
};

/** How long the access point may take before the sending counts as failed. */
const UNIMAZE_TIMEOUT_MS = 20_000;

const unimazeSender = (settings: { url: string; user: string; password: string }): EInvoiceSender => ({
  async send(_db, invoice) {
    const auth = Buffer.from(`${settings.user}:${settings.password}`).toString("base64");
    let response: Response;
    try {
      response = await fetch(settings.url, {
        method: "POST",
        headers: {
          authorization: `Basic ${auth}`,
          "content-type": "application/xml; charset=utf-8",
          "x-document-id": invoice.documentId,
          "x-sender": invoice.sender,
          "x-receiver": invoice.receiver,
        },
        body: invoice.xml,
        signal: AbortSignal.timeout(UNIMAZE_TIMEOUT_MS),
      });
    } catch {
      // Network errors can quote the address and credentials-bearing URL: the code alone leaves the server.
      throw new AppError("EINVOICE_SEND_FAILED", "The e-invoicing access point could not be reached.");
    }
    // The body is drained, never logged: an access point's refusal may echo the document.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) {
      throw new AppError("EINVOICE_SEND_FAILED", "The e-invoicing access point refused the invoice.", {
        status: response.status,
      });
    }
    return { sentTo: invoice.receiver, channel: "unimaze" };
  },
});

const outboxSender: EInvoiceSender = {
  async send(db, invoice) {
    await enqueueMessage(db, {
      channel: "einvoice",
      to: invoice.receiver,
      subject: `${invoice.documentId} from ${invoice.sender}`,
      body: invoice.xml,
      projectId: invoice.projectId,
    });
    return { sentTo: invoice.receiver, channel: "outbox" };
  },
};

/** The configured adapter; production without Unimaze refuses, since the outbox is nobody's mailbox there. */
export const createEInvoiceSender = (config: Pick<Config, "einvoicing" | "demoMode">): EInvoiceSender => {
  if (config.einvoicing.kind === "unimaze") return unimazeSender(config.einvoicing);
  if (config.demoMode) return outboxSender;
  return {
    send: async () => {
      throw new AppError("EINVOICE_SEND_FAILED", "No e-invoicing access point is configured (KORT_UNIMAZE_URL).");
    },
  };
};
