import { MS_PER_DAY } from "@kort/core";
import { and, asc, between, eq, lt, not, or, type SQL } from "drizzle-orm";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Db } from "../../platform/db/client.ts";
import { authorizations } from "../../platform/db/schema/index.ts";
import { isIn, LODGING_MCCS, VEHICLE_RENTAL_MCCS } from "./merchant-categories.ts";
import {
  lockAuthorization,
  lockCardById,
  lockProjectCredit,
  removeUnsettledTransaction,
  updateAuthorization,
} from "./processor.repo.ts";

/** Days a pending authorization reserves credit before the job releases it (issue 13). */
export const AUTHORIZATION_EXPIRY_DAYS = 7;

/**
 * Days a hotel's or a car rental's authorization holds instead. They authorize at check-in or pick-up and clear at
 * check-out or return, often more than a week later, as card schemes allow them (up to 31 days); released after 7,
 * the stay's reservation would be spendable again while the guest is still in the room.
 */
export const LONG_HOLD_EXPIRY_DAYS = 31;

const LONG_HOLD_MCCS = [...LODGING_MCCS, ...VEHICLE_RENTAL_MCCS];

/** Whether an authorization of this merchant category holds for LONG_HOLD_EXPIRY_DAYS. */
export const holdsLong = (mcc: string): boolean => isIn(mcc, LONG_HOLD_MCCS);

const longHold = (): SQL => or(...LONG_HOLD_MCCS.map(([from, to]) => between(authorizations.mcc, from, to))) as SQL;

/** At most this many per run: a run stays short, and the next one takes the rest. */
const BATCH = 500;

/**
 * Expires pending authorizations the network never cleared or reversed within AUTHORIZATION_EXPIRY_DAYS (a hotel's or
 * a car rental's within LONG_HOLD_EXPIRY_DAYS): status `expired`, their unsettled ledger row removed as a reversal
 * removes it, their reservation released (the balance triggers post it).
 * Each in its own transaction under the card and company locks, in the order decisions take them, so it waits behind
 * a decision or a clearing on that card and never releases what was just cleared. Safe on two servers at once: the
 * second finds the row no longer pending. A clearing that comes later still posts (settlement.service.ts).
 */
export const expireStaleAuthorizations = async (db: Db, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - AUTHORIZATION_EXPIRY_DAYS * MS_PER_DAY);
  const longCutoff = new Date(now.getTime() - LONG_HOLD_EXPIRY_DAYS * MS_PER_DAY);
  const due = await db
    .select({ id: authorizations.id, projectId: authorizations.projectId, cardId: authorizations.cardId })
    .from(authorizations)
    .where(
      and(
        eq(authorizations.status, "pending"),
        lt(authorizations.createdAt, cutoff),
        or(not(longHold()), lt(authorizations.createdAt, longCutoff)),
      ),
    )
    .orderBy(asc(authorizations.createdAt))
    .limit(BATCH);
  let expired = 0;
  for (const candidate of due) {
    const done = await db.transaction(async (tx) => {
      await lockCardById(tx, { projectId: candidate.projectId, id: candidate.cardId });
      await lockProjectCredit(tx, candidate.projectId);
      const row = await lockAuthorization(tx, candidate);
      if (row?.status !== "pending") return false;
      await updateAuthorization(tx, row, { status: "expired", expiredAt: now, updatedAt: now });
      await removeUnsettledTransaction(tx, row);
      await writeAudit(tx, {
        action: "authorization.expire",
        objectType: "authorization",
        objectId: row.id,
        projectId: row.projectId,
        data: {
          amount: row.amount,
          created_at: row.createdAt.toISOString(),
          days: holdsLong(row.mcc) ? LONG_HOLD_EXPIRY_DAYS : AUTHORIZATION_EXPIRY_DAYS,
        },
        at: now,
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
};
