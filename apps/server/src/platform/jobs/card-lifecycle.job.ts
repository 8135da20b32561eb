import { closeDueCards, expireCards } from "../../modules/processor/card-lifecycle.service.ts";
import type { Db } from "../db/client.ts";

/** The minute's card lifecycle run: close cards past will_close_at, then expire cards past their expiry month. */
export const runCardLifecycle = async (db: Db, now: Date): Promise<{ closed: number; expired: number }> => {
  const closed = await closeDueCards(db, now);
  const expired = await expireCards(db, now);
  return { closed: closed.length, expired: expired.length };
};
