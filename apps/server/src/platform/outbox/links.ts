import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/**
 * The address the web app is reached at, for links in e-mails: KORT_PUBLIC_URL when set, else the request's
 * own origin from a well-formed Host header (context.ts) outside production (a malformed one is a 400). In production without
 * KORT_PUBLIC_URL no link is made: a forged Host header would otherwise send someone's sign-up code to a
 * site of the attacker's choosing. That is a deployment error, so it throws an unexpected (logged) error.
 */
export const publicBaseUrl = (config: Pick<Config, "publicUrl" | "demoMode">, origin: string | undefined): string => {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  if (config.demoMode) {
    if (origin) return origin;
    throw new AppError("BAD_REQUEST", "The Host header is not a valid host name.", { header: "Host" });
  }
  throw new Error("Set KORT_PUBLIC_URL: e-mail links in production are made only from the configured address.");
};

/** `base` + path + query, with the values encoded. */
export const linkTo = (base: string, path: string, query: Record<string, string>): string =>
  `${base}${path}?${new URLSearchParams(query).toString()}`;
