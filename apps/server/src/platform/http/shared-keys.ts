import type { IncomingHttpHeaders } from "node:http";
import type { Config } from "../config.ts";
import { secretsEqual } from "../crypto/card-secrets.ts";
import { AppError } from "../errors.ts";

/**
 * Callers that are systems, not people, present a shared secret in a header: the card network (`X-Network-Key`,
 * KORT_NETWORK_KEY) and mail relays handing over receipts e-mailed to a company (`X-Mail-Relay-Key`,
 * KORT_MAIL_RELAY_KEY). Compared in constant time; production without a configured key refuses every such call.
 */
type SharedKey = { header: string; headerName: string; variable: string; interfaceName: string };

export const NETWORK_KEY: SharedKey = {
  header: "x-network-key",
  headerName: "X-Network-Key",
  variable: "KORT_NETWORK_KEY",
  interfaceName: "card network",
};

export const MAIL_RELAY_KEY: SharedKey = {
  header: "x-mail-relay-key",
  headerName: "X-Mail-Relay-Key",
  variable: "KORT_MAIL_RELAY_KEY",
  interfaceName: "mail relay",
};

const requireSharedKey = (headers: IncomingHttpHeaders, key: SharedKey, expected: string | undefined): void => {
  if (expected === undefined) {
    throw new AppError("UNAUTHENTICATED", `The ${key.interfaceName} interface is not configured (${key.variable}).`);
  }
  const given = headers[key.header];
  if (typeof given !== "string" || !secretsEqual(given, expected)) {
    throw new AppError("UNAUTHENTICATED", `A valid ${key.headerName} is required.`, { header: key.headerName });
  }
};

export const requireNetworkKey = (headers: IncomingHttpHeaders, config: Config): void =>
  requireSharedKey(headers, NETWORK_KEY, config.networkKey);

export const requireMailRelayKey = (headers: IncomingHttpHeaders, config: Config): void =>
  requireSharedKey(headers, MAIL_RELAY_KEY, config.inboundMail.relayKey);
