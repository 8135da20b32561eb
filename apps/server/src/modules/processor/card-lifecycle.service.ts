import { and, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import { writeAudits } from "../../platform/audit/audit.ts";
import type { Db } from "../../platform/db/client.ts";
import { cards } from "../../platform/db/schema/index.ts";

/**
 * The card lifecycle the clock drives (decisions.md, "Cards and the card processor"): the scheduled jobs in
 * platform/jobs call these with the wall clock, tests with their own. Each runs in one transaction and is safe
 * to run twice or on two servers at once: the UPDATE takes the rows it changes, a second run finds none.
 */

export type LifecycleChange = { id: string; projectId: string; maskedNumber: string };

/** Statuses a card never leaves: closing is final, a rejected card never lived. */
const FINAL_STATUSES = ["CLOSED", "REJECTED"] as const;

/**
 * Closes every card whose `will_close_at` has passed (the instant itself is still open, as the authorization rule
 * reads it): status CLOSED, `closed_at`, and an audit row `card.auto_close` each, by no user.
 */
export const closeDueCards = (db: Db, now: Date): Promise<LifecycleChange[]> =>
  db.transaction(async (tx) => {
    const closed = await tx
      .update(cards)
      .set({ status: "CLOSED", statusChangedAt: now, closedAt: now, updatedAt: now })
      .where(
        and(
          isNotNull(cards.willCloseAt),
          lt(cards.willCloseAt, now),
          isNull(cards.closedAt),
          notInArray(cards.status, [...FINAL_STATUSES]),
        ),
      )
      .returning({ id: cards.id, projectId: cards.projectId, maskedNumber: cards.maskedNumber, at: cards.willCloseAt });
    await writeAudits(
      tx,
      closed.map((card) => ({
        action: "card.auto_close",
        objectType: "card",
        objectId: card.id,
        projectId: card.projectId,
        data: { masked_number: card.maskedNumber, will_close_at: card.at?.toISOString() ?? null },
        at: now,
      })),
    );
    return closed.map(({ id, projectId, maskedNumber }) => ({ id, projectId, maskedNumber }));
  });

/** Statuses that can still expire. */
const LIVING_STATUSES = ["CREATED", "ACTIVE", "FROZEN", "LOCKED"] as const;

/**
 * Marks EXPIRED every living card whose expiry month is over: a card is good through the last millisecond of
 * its expiry month (processor/decide.ts), so at 1st 00:00 UTC of the next month it expires. Audited `card.expire`.
 */
export const expireCards = (db: Db, now: Date): Promise<LifecycleChange[]> =>
  db.transaction(async (tx) => {
    const expired = await tx
      .update(cards)
      .set({ status: "EXPIRED", statusChangedAt: now, updatedAt: now })
      .where(
        and(
          inArray(cards.status, [...LIVING_STATUSES]),
          sql`make_timestamptz(${cards.expirationYear}, ${cards.expirationMonth}, 1, 0, 0, 0, 'UTC') + interval '1 month' <= ${now}`,
        ),
      )
      .returning({ id: cards.id, projectId: cards.projectId, maskedNumber: cards.maskedNumber });
    await writeAudits(
      tx,
      expired.map((card) => ({
        action: "card.expire",
        objectType: "card",
        objectId: card.id,
        projectId: card.projectId,
        data: { masked_number: card.maskedNumber },
        at: now,
      })),
    );
    return expired;
  });
