import { hash } from "node:crypto";
import { DEFAULT_LOCALE, isUuid, type Locale } from "@kort/core";
import { AppError } from "../errors.ts";

/** Pure readers of the request headers of spec section 7, kept apart from the database so they are unit-tested alone. */

export type HeaderBag = Record<string, string | string[] | undefined>;

const single = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The bearer token, or undefined when there is none. Other schemes (Basic on DELETE /tokens) are not a session. */
export const bearerToken = (headers: HeaderBag): string | undefined => {
  const value = single(headers, "authorization");
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
};

/**
 * The token of `Authorization: Basic base64(token:)`, the token as the user name (spec section 7: DELETE /tokens
 * with basic auth). Only sign-out reads it: browsers replay cached Basic credentials on their own, so accepting
 * it elsewhere would open the door to cross-site requests.
 */
export const basicAuthToken = (headers: HeaderBag): string | undefined => {
  const value = single(headers, "authorization");
  const match = value ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(value) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const user = decoded.split(":", 1)[0]?.trim();
  return user && /^\S{1,512}$/.test(user) ? user : undefined;
};

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/i;

/**
 * `http(s)://host[:port]` from the Host header, or undefined when the header is not a plain host name or
 * address with an optional port: e-mail links never carry whatever a client wrote into Host.
 */
export const requestOrigin = (headers: HeaderBag, protocol: string): string | undefined => {
  const host = single(headers, "host")?.trim();
  if (!host || host.length > 260 || (protocol !== "http" && protocol !== "https")) return undefined;
  const port = /:(\d{1,5})$/.exec(host);
  const name = port ? host.slice(0, -port[0].length) : host;
  if (port && Number(port[1]) > 65535) return undefined;
  if (!HOST_NAME.test(name) && !IPV6_HOST.test(name)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
};

/** Tokens are stored only as their SHA-256, so a leaked tokens table does not leak sessions. */
export const hashToken = (token: string): string => hash("sha256", token, "hex");

/** X-Project-Id: absent is fine (not every call is about a project); present but not a UUID is the client's bug. */
export const projectIdHeader = (headers: HeaderBag): string | undefined => {
  const value = single(headers, "x-project-id")?.trim();
  if (!value) return undefined;
  if (!isUuid(value)) {
    throw new AppError("BAD_REQUEST", "X-Project-Id must be a UUID.", { header: "X-Project-Id" });
  }
  return value.toLowerCase();
};

/**
 * Accept-Language picks between the two locales of spec section 9. The first listed tag (by q
 * weight) whose language is Icelandic or English wins; anything else falls back to Icelandic.
 */
export const localeFrom = (headers: HeaderBag): Locale => {
  const value = single(headers, "accept-language");
  if (!value) return DEFAULT_LOCALE;
  const ranked = value
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === "is" || tag.startsWith("is-")) return "is-IS";
    if (tag === "en" || tag.startsWith("en-")) return "en-US";
  }
  return DEFAULT_LOCALE;
};

const PRINTABLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** Idempotency-Key: at most 255 printable characters, so it can be stored and compared as is. */
export const idempotencyKeyHeader = (headers: HeaderBag): string | undefined => {
  const value = single(headers, "idempotency-key");
  if (value === undefined || value === "") return undefined;
  if (!PRINTABLE_ASCII.test(value)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 printable characters.", {
      header: "Idempotency-Key",
    });
  }
  return value;
};
