import { MS_PER_DAY } from "@kort/core";
import { and, asc, eq, lt } from "drizzle-orm";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Db } from "../../platform/db/client.ts";
import { authorizations } from "../../platform/db/schema/index.ts";
import {
  lockAuthorization,
  lockCardById,
  lockProjectCredit,
  removeUnsettledTransaction,
  updateAuthorization,
} from "./processor.repo.ts";

/** Days a pending authorization reserves credit before the job releases it (issue 13). */
export const AUTHORIZATION_EXPIRY_DAYS = 7;

/** At most this many per run: a run stays short, and the next one takes the rest. */
const BATCH = 500;

/**
 * Expires pending authorizations the network never cleared or reversed within `days`: status `expired`, their
 * unsettled ledger row removed as a reversal removes it, their reservation released (the balance triggers post it).
 * Each in its own transaction under the card and company locks, in the order decisions take them, so it waits behind
 * a decision or a clearing on that card and never releases what was just cleared. Safe on two servers at once: the
 * second finds the row no longer pending. A clearing that comes later still posts (settlement.service.ts).
 */
export const expireStaleAuthorizations = async (
  db: Db,
  now: Date,
  days: number = AUTHORIZATION_EXPIRY_DAYS,
): Promise<number> => {
  const cutoff = new Date(now.getTime() - days * MS_PER_DAY);
  const due = await db
    .select({ id: authorizations.id, projectId: authorizations.projectId, cardId: authorizations.cardId })
    .from(authorizations)
    .where(and(eq(authorizations.status, "pending"), lt(authorizations.createdAt, cutoff)))
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
        data: { amount: row.amount, created_at: row.createdAt.toISOString(), days },
        at: now,
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
};
