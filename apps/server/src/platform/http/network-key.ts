import type { IncomingHttpHeaders } from "node:http";
import type { Config } from "../config.ts";
import { secretsEqual } from "../crypto/card-secrets.ts";
import { AppError } from "../errors.ts";

export const NETWORK_KEY_HEADER = "x-network-key";

/**
 * The card network's routes (access "network") need `X-Network-Key` equal to KORT_NETWORK_KEY, compared in
 * constant time. Production without a configured key refuses every network call, as does a wrong key.
 */
export const requireNetworkKey = (headers: IncomingHttpHeaders, config: Config): void => {
  const given = headers[NETWORK_KEY_HEADER];
  const expected = config.networkKey;
  if (expected === undefined) {
    throw new AppError("UNAUTHENTICATED", "The card network interface is not configured (KORT_NETWORK_KEY).");
  }
  if (typeof given !== "string" || !secretsEqual(given, expected)) {
    throw new AppError("UNAUTHENTICATED", "A valid X-Network-Key is required.", { header: "X-Network-Key" });
  }
};
