import type { Readable } from "node:stream";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Logger } from "../http/logger.ts";

/**
 * Kort's own SMTP listener for inbound mail (receipts e-mailed to a company's address). It speaks plain SMTP on the
 * configured interface, 127.0.0.1 by default: in production a mail exchanger in front of it (or a relay calling
 * POST /v1/inbound/receipts) takes mail from the internet, checks SPF/DKIM/DMARC and TLS, and hands it on. So there
 * is no AUTH or STARTTLS here, and nothing is queued: a message is taken, or refused with a 5xx the sender sees.
 */

/** The largest message taken, by SMTP or from a relay: several receipts of 10 MB, base64-encoded. */
export const INBOUND_MESSAGE_MAX_BYTES = 40 * 1024 * 1024;

/** A message as it arrived: the envelope and the raw MIME bytes. */
export type InboundMessage = { sender: string | null; recipients: string[]; raw: Buffer };

/** What became of a message: accepted, or refused with a reason the sending server reports to its user. */
export type InboundVerdict = { accepted: true } | { accepted: false; reason: string };

export type InboundMailHandler = {
  /** At RCPT TO: whether the address takes mail, so a wrong one is refused before the message is sent. */
  acceptsRecipient: (address: string) => Promise<boolean>;
  receive: (message: InboundMessage) => Promise<InboundVerdict>;
};

export type SmtpListenerOptions = {
  host: string;
  port: number;
  /** False when the port was not configured: a taken default moves to a free port instead of failing the start. */
  portExplicit: boolean;
  /** The largest message taken (announced with SIZE, enforced while reading). */
  maxBytes: number;
  logger: Logger;
  handler: InboundMailHandler;
};

export type SmtpListener = { port: number; stop: () => Promise<void> };

/** An SMTP reply of the given code, as smtp-server sends errors. */
const reply = (code: number, message: string): Error & { responseCode: number } =>
  Object.assign(new Error(message), { responseCode: code });

/** Reads the message up to `maxBytes`; past it, the rest is drained and `null` says it was too large. */
const readMessage = (stream: Readable & { sizeExceeded?: boolean }, maxBytes: number): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks)));
  });

const senderOf = (session: SMTPServerSession): string | null => {
  const from = session.envelope.mailFrom;
  return from && from.address !== "" ? from.address : null;
};

export const startSmtpListener = async (options: SmtpListenerOptions): Promise<SmtpListener> => {
  const { handler, logger, maxBytes } = options;
  const server = new SMTPServer({
    banner: "Kort receipts",
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    size: maxBytes,
    logger: false,
    // A client that stops talking, or a flood of them, cannot hold the listener.
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    maxClients: 100,
    onRcptTo: (address, _session, callback) => {
      handler.acceptsRecipient(address.address).then(
        (accepted) => callback(accepted ? undefined : reply(550, "No such receipts address")),
        (error: unknown) => {
          logger.error({ err: error }, "inbound mail: recipient check failed");
          callback(reply(451, "Try again later"));
        },
      );
    },
    onData: (stream, session, callback) => {
      readMessage(stream, maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(reply(552, "Message too large"));
          const recipients = session.envelope.rcptTo.map((to) => to.address);
          const verdict = await handler.receive({ sender: senderOf(session), recipients, raw });
          return verdict.accepted ? callback(null, "Receipt taken") : callback(reply(550, verdict.reason));
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "inbound mail: a message could not be taken");
          callback(reply(451, "Try again later"));
        });
    },
  });
  server.on("error", (error) => logger.warn({ err: error }, "inbound mail: connection error"));

  const listenOn = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => reject(error);
      server.server.once("error", onError);
      server.listen(port, options.host, () => {
        server.server.off("error", onError);
        const address = server.server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });

  let port: number;
  try {
    port = await listenOn(options.port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || options.portExplicit) throw error;
    logger.warn({ port: options.port }, "inbound mail: the default port is taken; listening on a free one");
    port = await listenOn(0);
  }
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
