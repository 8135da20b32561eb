import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

export type ReferralRecord = {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  redeemedCompanyName: string | null;
  redeemedAt: Date | null;
};

type Raw = {
  id: string;
  email: string;
  created_at: string | Date;
  expires_at: string | Date;
  redeemed_company_name: string | null;
  redeemed_at: string | Date | null;
};

const dateOf = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));
const recordOf = (row: Raw): ReferralRecord => ({
  id: row.id,
  email: row.email,
  createdAt: dateOf(row.created_at),
  expiresAt: dateOf(row.expires_at),
  redeemedCompanyName: row.redeemed_company_name,
  redeemedAt: row.redeemed_at === null ? null : dateOf(row.redeemed_at),
});

const COLUMNS = sql`id, email, created_at, expires_at, redeemed_company_name, redeemed_at`;

export const insertReferral = async (
  db: Executor,
  input: { projectId: string; email: string; codeHash: string; createdBy: string; now: Date; expiresAt: Date },
): Promise<ReferralRecord> => {
  const result = await db.execute<Raw>(sql`
    insert into referrals (project_id, email, code_hash, created_by, created_at, expires_at)
    values (${input.projectId}, ${input.email}, ${input.codeHash}, ${input.createdBy}, ${input.now}, ${input.expiresAt})
    returning ${COLUMNS}`);
  const row = result.rows[0];
  if (!row) throw new Error("insert returned no row");
  return recordOf(row);
};

/** The referrer's referrals, newest first by keyset on (created_at, id); `limit + 1` rows. */
export const referralsPage = async (
  db: Executor,
  projectId: string,
  options: { cursor: KeysetCursor | null; limit: number },
): Promise<(ReferralRecord & { timeKey: string })[]> => {
  const after = options.cursor ? sql`and ${afterTimeCursor(sql`created_at`, sql`id`, options.cursor)}` : sql``;
  const result = await db.execute<Raw & { time_key: string }>(sql`
    select ${COLUMNS}, created_at::text as time_key from referrals where project_id = ${projectId} ${after}
     order by created_at desc, id desc limit ${options.limit + 1}`);
  return result.rows.map((row) => ({ ...recordOf(row), timeKey: row.time_key }));
};

export type CodeRecord = {
  id: string;
  projectId: string;
  expiresAt: Date;
  redeemedProjectId: string | null;
  redeemedAt: Date | null;
};

/**
 * The referral a code names, locked for its redemption (two redemptions of one code wait for each other). Its
 * company is read first from the code directory (docs/scaling.md, blocker 2), then the referral by its whole key.
 */
export const lockReferralByCode = async (db: Executor, codeHash: string): Promise<CodeRecord | null> => {
  const entry = await db.execute<{ project_id: string; referral_id: string }>(sql`
    select project_id, referral_id from referral_codes where code_hash = ${codeHash}`);
  const named = entry.rows[0];
  if (!named) return null;
  const result = await db.execute<{
    id: string;
    project_id: string;
    expires_at: string | Date;
    redeemed_project_id: string | null;
    redeemed_at: string | Date | null;
  }>(sql`
    select id, project_id, expires_at, redeemed_project_id, redeemed_at from referrals
     where project_id = ${named.project_id} and id = ${named.referral_id} for update`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        projectId: row.project_id,
        expiresAt: dateOf(row.expires_at),
        redeemedProjectId: row.redeemed_project_id,
        redeemedAt: row.redeemed_at === null ? null : dateOf(row.redeemed_at),
      }
    : null;
};

/**
 * Marks the company as referred, once: false when it already was. The update waits for the company's row, so of two
 * codes redeemed for one company at the same moment the second finds it referred.
 */
export const markCompanyReferred = async (db: Executor, projectId: string, now: Date): Promise<boolean> => {
  const result = await db.execute(sql`
    update projects set referred_at = ${now} where id = ${projectId} and referred_at is null returning id`);
  return result.rows.length > 0;
};

/** The redeeming company's name and age: it names the referral, and only a new company may redeem. */
export const companyOf = async (
  db: Executor,
  projectId: string,
): Promise<{ title: string; createdAt: Date } | null> => {
  const result = await db.execute<{ title: string; created_at: string | Date }>(sql`
    select title, created_at from projects where id = ${projectId}`);
  const row = result.rows[0];
  return row ? { title: row.title, createdAt: dateOf(row.created_at) } : null;
};

export const markRedeemed = async (
  db: Executor,
  input: { referrerProjectId: string; id: string; projectId: string; companyName: string; now: Date },
): Promise<void> => {
  await db.execute(sql`
    update referrals
       set redeemed_project_id = ${input.projectId}, redeemed_company_name = ${input.companyName},
           redeemed_at = ${input.now}
     where project_id = ${input.referrerProjectId} and id = ${input.id}`);
};
