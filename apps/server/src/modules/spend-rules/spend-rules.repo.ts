import { isMerchantGroupId, type MerchantControlMode, type MerchantControls } from "@kort/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { cardMerchantControls, projectSpendRules, receiptLocks } from "../../platform/db/schema/index.ts";

/**
 * The SQL of spend rules (issue 19, docs/spend-rules.md): merchant controls of a card and of the company, the
 * receipt lock's setting, and the locks themselves. Every statement names its company.
 */

const controlsOf = (mode: string | null, groups: readonly string[], merchants: readonly string[]) =>
  mode === "ALLOW_ONLY" || mode === "BLOCK"
    ? ({ mode: mode as MerchantControlMode, groups: groups.filter(isMerchantGroupId), merchants } as MerchantControls)
    : null;

export const findCardMerchantControls = async (
  db: Executor,
  projectId: string,
  cardId: string,
): Promise<MerchantControls | null> => {
  const [row] = await db
    .select()
    .from(cardMerchantControls)
    .where(and(eq(cardMerchantControls.projectId, projectId), eq(cardMerchantControls.cardId, cardId)));
  return row ? controlsOf(row.mode, row.groups, row.merchantNames) : null;
};

/** The own controls of many cards of one company in one statement (the app's card list); cards without are absent. */
export const findCardsMerchantControls = async (
  db: Executor,
  projectId: string,
  cardIds: readonly string[],
): Promise<Map<string, MerchantControls | null>> => {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(cardMerchantControls)
    .where(and(eq(cardMerchantControls.projectId, projectId), inArray(cardMerchantControls.cardId, [...cardIds])));
  return new Map(rows.map((row) => [row.cardId, controlsOf(row.mode, row.groups, row.merchantNames)]));
};

/** Sets a card's own controls; null removes them, so the card follows the company's default. */
export const writeCardMerchantControls = async (
  tx: Executor,
  row: { projectId: string; cardId: string; controls: MerchantControls | null; by: string; now: Date },
): Promise<void> => {
  const { projectId, cardId, controls, by, now } = row;
  if (!controls) {
    await tx
      .delete(cardMerchantControls)
      .where(and(eq(cardMerchantControls.projectId, projectId), eq(cardMerchantControls.cardId, cardId)));
    return;
  }
  const values = {
    mode: controls.mode,
    groups: [...controls.groups],
    merchantNames: [...controls.merchants],
    updatedBy: by,
    updatedAt: now,
  };
  await tx
    .insert(cardMerchantControls)
    .values({ projectId, cardId, ...values })
    .onConflictDoUpdate({ target: [cardMerchantControls.projectId, cardMerchantControls.cardId], set: values });
};

export type ProjectSpendRules = { merchantDefault: MerchantControls | null; receiptLockDays: number | null };

export const findProjectSpendRules = async (db: Executor, projectId: string): Promise<ProjectSpendRules> => {
  const [row] = await db.select().from(projectSpendRules).where(eq(projectSpendRules.projectId, projectId));
  return {
    merchantDefault: row ? controlsOf(row.merchantMode, row.merchantGroups, row.merchantNames) : null,
    receiptLockDays: row?.receiptLockDays ?? null,
  };
};

/** Upserts the company's row with the given columns (the row is made on first use, with nothing on). */
const upsertRules = (
  tx: Executor,
  projectId: string,
  set: Partial<typeof projectSpendRules.$inferInsert>,
  by: string,
  now: Date,
) =>
  tx
    .insert(projectSpendRules)
    .values({ projectId, ...set, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({ target: projectSpendRules.projectId, set: { ...set, updatedBy: by, updatedAt: now } });

export const writeProjectMerchantDefault = (
  tx: Executor,
  projectId: string,
  controls: MerchantControls | null,
  by: string,
  now: Date,
) =>
  upsertRules(
    tx,
    projectId,
    {
      merchantMode: controls?.mode ?? null,
      merchantGroups: [...(controls?.groups ?? [])],
      merchantNames: [...(controls?.merchants ?? [])],
    },
    by,
    now,
  );

export const writeReceiptLockDays = (tx: Executor, projectId: string, days: number | null, by: string, now: Date) =>
  upsertRules(tx, projectId, { receiptLockDays: days }, by, now);

/** Companies whose receipt lock is on, with their grace period: what the job walks. */
export const projectsWithReceiptLock = async (db: Executor): Promise<{ projectId: string; days: number }[]> => {
  const rows = await db
    .select({ projectId: projectSpendRules.projectId, days: projectSpendRules.receiptLockDays })
    .from(projectSpendRules)
    .where(sql`${projectSpendRules.receiptLockDays} is not null`);
  return rows.flatMap((row) => (row.days === null ? [] : [{ projectId: row.projectId, days: row.days }]));
};

/**
 * The company's receipt-lock setting, its row locked until the transaction ends: the job recounts under it, so an
 * owner turning the lock off (which writes the row) and the job never interleave (no lock is written back after
 * the setting went off). Null: off.
 */
export const lockReceiptLockDays = async (tx: Executor, projectId: string): Promise<number | null> => {
  const result = await tx.execute(
    sql`select receipt_lock_days from project_spend_rules where project_id = ${projectId} for update`,
  );
  const days = (result.rows[0] as { receipt_lock_days?: number | null } | undefined)?.receipt_lock_days;
  return typeof days === "number" ? days : null;
};

/**
 * Recounts every cardholder's receipt lock of a company in one statement: one aggregate over the partial index
 * transactions_project_user_receiptless_idx (settled purchases without a receipt dated before `cutoff`, per
 * person), upserted into receipt_locks; people no longer counted go to zero. `since` keeps the start of a lock that
 * goes on. Returns how many people are locked.
 */
export const recountReceiptLocks = async (
  tx: Executor,
  projectId: string,
  cutoff: Date,
  now: Date,
): Promise<{ locked: number; newlyLocked: { userId: string; missingCount: number }[] }> => {
  const result = await tx.execute(sql`
    with counts as (
      select t.user_id, count(*)::integer as n from transactions t
       where t.project_id = ${projectId} and t.receipt_count = 0 and t.transaction_amount > 0
         and t.closed_at is not null and t.refund_of_transaction_id is null and t.transaction_date < ${cutoff}
       group by t.user_id
    ), upserted as (
      insert into receipt_locks as l (project_id, user_id, missing_count, since, cutoff, updated_at)
      select ${projectId}, c.user_id, c.n, ${now}, ${cutoff}, ${now} from counts c
      on conflict (project_id, user_id) do update
         set missing_count = excluded.missing_count,
             since = case when l.missing_count > 0 then l.since else excluded.since end,
             cutoff = excluded.cutoff, updated_at = excluded.updated_at
      returning l.user_id, l.missing_count, l.since
    ), cleared as (
      update receipt_locks l set missing_count = 0, since = null, cutoff = ${cutoff}, updated_at = ${now}
       where l.project_id = ${projectId} and not exists (select 1 from counts c where c.user_id = l.user_id)
      returning 1
    )
    select (select count(*) from upserted)::integer as locked,
           -- A lock that starts now (its since is this run's clock): the people to tell.
           (select coalesce(json_agg(json_build_array(u.user_id, u.missing_count)), '[]')
              from upserted u where u.since = ${now}::timestamptz) as newly_locked,
           (select count(*) from cleared)::integer as cleared`);
  const row = result.rows[0] as { locked?: unknown; newly_locked?: unknown } | undefined;
  const newly = (typeof row?.newly_locked === "string" ? JSON.parse(row.newly_locked) : (row?.newly_locked ?? [])) as [
    string,
    number,
  ][];
  return {
    locked: Number(row?.locked ?? 0),
    newlyLocked: newly.map(([userId, missingCount]) => ({ userId, missingCount: Number(missingCount) })),
  };
};

/** The receipt lock turned off: nobody is locked any more. */
export const clearReceiptLocks = async (tx: Executor, projectId: string): Promise<void> => {
  await tx.delete(receiptLocks).where(eq(receiptLocks.projectId, projectId));
};

export type ReceiptLockRecord = {
  userId: string;
  name: string;
  missingCount: number;
  since: Date | null;
  liftedUntil: Date | null;
};

/** Locked people of a company by name (keyset on name and user id, from the partial index of locked rows). */
export const listReceiptLocks = async (
  db: Executor,
  projectId: string,
  page: { limit: number; after: { value: string; id: string } | null },
): Promise<ReceiptLockRecord[]> => {
  const after = page.after ? sql`and (u.full_name, l.user_id) > (${page.after.value}, ${page.after.id}::uuid)` : sql``;
  const result = await db.execute(sql`
    select l.user_id, u.full_name as name, l.missing_count, l.since, l.lifted_until
      from receipt_locks l join users u on u.id = l.user_id
     where l.project_id = ${projectId} and l.missing_count > 0 ${after}
     order by u.full_name, l.user_id
     limit ${page.limit + 1}`);
  return (
    result.rows as {
      user_id: string;
      name: string;
      missing_count: number;
      since: string | Date | null;
      lifted_until: string | Date | null;
    }[]
  ).map((row) => ({
    userId: row.user_id,
    name: row.name,
    missingCount: Number(row.missing_count),
    since: row.since === null ? null : new Date(row.since),
    liftedUntil: row.lifted_until === null ? null : new Date(row.lifted_until),
  }));
};

export const findReceiptLock = async (
  db: Executor,
  projectId: string,
  userId: string,
): Promise<{ missingCount: number; liftedUntil: Date | null } | null> => {
  const [row] = await db
    .select({ missingCount: receiptLocks.missingCount, liftedUntil: receiptLocks.liftedUntil })
    .from(receiptLocks)
    .where(and(eq(receiptLocks.projectId, projectId), eq(receiptLocks.userId, userId)));
  return row ?? null;
};

/** Lifts a person's lock until `until`; false when they are not locked. */
export const liftReceiptLock = async (
  tx: Executor,
  row: { projectId: string; userId: string; until: Date; by: string; now: Date },
): Promise<boolean> => {
  const lifted = await tx
    .update(receiptLocks)
    .set({ liftedUntil: row.until, liftedBy: row.by, updatedAt: row.now })
    .where(
      and(
        eq(receiptLocks.projectId, row.projectId),
        eq(receiptLocks.userId, row.userId),
        sql`${receiptLocks.missingCount} > 0`,
      ),
    )
    .returning({ userId: receiptLocks.userId });
  return lifted.length > 0;
};
