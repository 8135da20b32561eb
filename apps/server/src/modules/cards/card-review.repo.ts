import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/** A clearing far over its authorization that locked the card for review (issue 13), as the card page tells it. */
export type CardReviewDto = {
  transaction_id: string;
  merchant: string;
  authorized_amount: number;
  cleared_amount: number;
  excess: number;
  locked_at: Date;
};

type ReviewRow = {
  card_id: string;
  data: { transaction_id: string; authorized_isk: number; cleared_isk: number; excess_isk: number };
  merchant: string | null;
  locked_at: string | Date;
};

/**
 * Why the administrators' lock is on these cards, where a clearing put it there: the processor's `card.capture_review`
 * audit row that says it locked the card, written with the lock in one transaction at the card's status_changed_at.
 * A card locked by hand, or unlocked and locked again since, has none. One statement for every card asked.
 */
export const findCardReviews = async (
  db: Executor,
  projectId: string,
  cards: readonly { id: string; statusChangedAt: Date }[],
): Promise<Map<string, CardReviewDto>> => {
  if (cards.length === 0) return new Map();
  const ids = cards.map((card) => card.id);
  const times = cards.map((card) => card.statusChangedAt.toISOString());
  const result = await db.execute<ReviewRow>(sql`
    select a.object_id as card_id, a.data, t.merchant_name as merchant, a.created_at as locked_at
      from unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) as c(id, changed_at)
      join audit_log a on a.object_type = 'card' and a.object_id = c.id and a.created_at = c.changed_at
      left join transactions t on t.project_id = ${projectId} and t.id = (a.data ->> 'transaction_id')::uuid
     where a.action = 'card.capture_review' and a.project_id = ${projectId}
       and (a.data ->> 'card_locked')::boolean`);
  return new Map(
    result.rows.map((row) => [
      row.card_id,
      {
        transaction_id: row.data.transaction_id,
        merchant: row.merchant ?? "",
        authorized_amount: row.data.authorized_isk,
        cleared_amount: row.data.cleared_isk,
        excess: row.data.excess_isk,
        locked_at: new Date(row.locked_at),
      },
    ]),
  );
};
