import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { AppError } from "../errors.ts";
import { requestContext } from "./context.ts";
import { idempotencyKeyHeader } from "./headers.ts";
import { claimKey, findAnswer, releaseIfExpired, releaseKey, storeAnswer } from "./idempotency.repo.ts";
import type { AppDeps, RouteRunner } from "./rest.ts";

/** Spec section 7 and architecture.md: POST and PATCH with an Idempotency-Key replay their answer for 24 hours. */
const TTL_MS = 24 * 60 * 60 * 1000;
/** How long a duplicate waits for the first request to finish before giving up with CONFLICT. */
const WAIT_LIMIT_MS = 30_000;

const requestHash = (method: string, path: string, body: unknown): string =>
  createHash("sha256")
    .update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");

/**
 * Wraps the route runner. The first request with a key claims it (a unique row), runs, and stores
 * its answer; a repeat gets the stored answer with `Idempotent-Replayed: true`; a concurrent repeat
 * polls the row until the first finishes (another server process may hold it, so an in-memory wait
 * would not do). Calls without a session are not stored: without a user there is no safe scope.
 * Failed requests release the key, so the client's retry runs again.
 */
export const withIdempotency =
  (deps: AppDeps, run: RouteRunner): RouteRunner =>
  async (route, request) => {
    if ((route.method !== "POST" && route.method !== "PATCH") || !route.replayable) return run(route, request);
    // Most calls send no key (every card decision): they go on without this layer's own turn through the context.
    const key = idempotencyKeyHeader(request.headers);
    if (key === undefined) return run(route, request);
    const ctx = await requestContext(deps.db, request);
    if (!ctx.user) return run(route, request);

    const { db } = deps;
    const scope = `user:${ctx.user.id}`;
    const path = request.url;
    const hash = requestHash(route.method, path, request.body);
    const claim = {
      scope,
      key,
      userId: ctx.user.id,
      method: route.method,
      path,
      requestHash: hash,
      expiresAt: new Date(Date.now() + TTL_MS),
    };

    await releaseIfExpired(db, scope, key, new Date());
    if (await claimKey(db, claim)) {
      try {
        const answer = await run(route, request);
        // Stored as the JSON the client received (dates as strings), so a replay carries the same values.
        const body: unknown = JSON.parse(JSON.stringify(answer.body ?? null));
        await storeAnswer(db, scope, key, answer.status, body);
        return { status: answer.status, body };
      } catch (error) {
        await releaseKey(db, scope, key);
        throw error;
      }
    }

    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const stored = await findAnswer(db, scope, key);
      if (!stored) return withIdempotency(deps, run)(route, request); // the first failed and released the key
      if (stored.requestHash !== hash) {
        throw new AppError("CONFLICT", "This Idempotency-Key was used for a different request.", {
          header: "Idempotency-Key",
        });
      }
      if (stored.status === "completed" && stored.responseStatus !== null) {
        return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
      }
      if (Date.now() > deadline) {
        throw new AppError("CONFLICT", "A request with this Idempotency-Key is still in progress.", {
          header: "Idempotency-Key",
        });
      }
      await delay(pause);
    }
  };
