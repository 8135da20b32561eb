import type { Db } from "../../platform/db/client.ts";
import type { JobDefinition } from "../../platform/jobs/jobs.ts";
import { closeDueCards, expireCards } from "./card-lifecycle.service.ts";

/** The minute's card lifecycle run: close cards past will_close_at, then expire cards past their expiry month. */
export const runCardLifecycle = async (db: Db, now: Date): Promise<{ closed: number; expired: number }> => {
  const closed = await closeDueCards(db, now);
  const expired = await expireCards(db, now);
  return { closed: closed.length, expired: expired.length };
};

export const CARD_LIFECYCLE_QUEUE = "card-lifecycle";

/** Every minute, and once at start. */
export const cardLifecycleJob: JobDefinition = {
  queue: CARD_LIFECYCLE_QUEUE,
  cron: "* * * * *",
  runAtStart: true,
  run: async ({ db, now, logger }) => {
    const result = await runCardLifecycle(db, now);
    if (result.closed + result.expired > 0) logger.info(result, "card lifecycle job changed cards");
  },
};
