import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_IDENTITY, RATE_WINDOW_MS } from "./auth.constants.ts";
import { recordHit } from "./rate-limit.repo.ts";

export type RateLimit = { key: string; max: number; windowMs: number };

/**
 * Sliding-window limits kept in PostgreSQL, so they hold across server processes. Every request counts,
 * refused ones included: a client that keeps hammering stays refused until it pauses for a window.
 */
export const enforceRateLimits = async (db: Db, limits: readonly RateLimit[], now: Date): Promise<void> => {
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  for (const limit of limits) {
    const { hits, oldest } = await recordHit(db, {
      key: limit.key,
      at: now,
      since: new Date(now.getTime() - limit.windowMs),
      purgeBefore: new Date(now.getTime() - longest),
    });
    if (hits > limit.max) {
      const retryAfterMs = Math.max(0, oldest.getTime() + limit.windowMs - now.getTime());
      throw new AppError("RATE_LIMITED", "Too many requests. Please wait a moment and try again.", {
        retry_after_seconds: Math.ceil(retryAfterMs / 1000),
      });
    }
  }
};

/** The limits of docs/auth.md for a request that sends a code to `identity` (an e-mail) from `address`. */
export const signInLimits = (identity: string | undefined, address: string): RateLimit[] => [
  { key: `address:${address}`, max: RATE_LIMIT_PER_ADDRESS, windowMs: RATE_WINDOW_MS },
  ...(identity ? [{ key: `identity:${identity}`, max: RATE_LIMIT_PER_IDENTITY, windowMs: RATE_WINDOW_MS }] : []),
];
