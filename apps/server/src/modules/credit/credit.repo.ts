import type { AccountHolder, TransferStatus, TransferType } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/** Transfers and the period deposits they make (issue 16). Every statement names its company. */

export type TransferRecord = {
  id: string;
  type: TransferType;
  status: TransferStatus;
  amount: number;
  bank_account: string;
  account_holder: AccountHolder;
  holder_kennitala: string;
  period_start: Date | null;
  initiated_at: Date | null;
  created_at: Date;
  created_by_name: string | null;
};

const COLUMNS = sql`t.id, t.type, t.status, t.amount::bigint as amount, t.bank_account, t.account_holder,
  t.holder_kennitala, t.period_start, t.initiated_at, t.created_at,
  (select u.full_name from users u where u.id = t.created_by) as created_by_name`;

type RawTransfer = Omit<TransferRecord, "amount" | "period_start" | "initiated_at" | "created_at"> & {
  amount: string | number;
  period_start: string | Date | null;
  initiated_at: string | Date | null;
  created_at: string | Date;
};

const dateOf = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

const recordOf = (row: RawTransfer): TransferRecord => {
  const amount = Number(row.amount);
  if (!Number.isSafeInteger(amount)) throw new RangeError("A transfer amount is not a safe integer");
  return {
    ...row,
    amount,
    period_start: dateOf(row.period_start),
    initiated_at: dateOf(row.initiated_at),
    created_at: new Date(row.created_at),
  };
};

export const companyOf = async (
  db: Executor,
  projectId: string,
): Promise<{ title: string; kennitala: string; creditLimit: number } | null> => {
  const result = await db.execute<{ title: string; kennitala: string; credit_limit: string }>(sql`
    select title, kennitala, credit_limit::text as credit_limit from projects where id = ${projectId}`);
  const row = result.rows[0];
  return row ? { title: row.title, kennitala: row.kennitala, creditLimit: Number(row.credit_limit) } : null;
};

export const insertTransfer = async (
  db: Executor,
  values: {
    projectId: string;
    type: TransferType;
    amount: number;
    bankAccount: string;
    accountHolder: AccountHolder;
    holderKennitala: string;
    createdBy: string;
    now: Date;
  },
): Promise<TransferRecord> => {
  const result = await db.execute<RawTransfer>(sql`
    with t as (
      insert into transfers (project_id, type, amount, bank_account, account_holder, holder_kennitala, created_by,
                             created_at, updated_at)
      values (${values.projectId}, ${values.type}, ${values.amount}, ${values.bankAccount}, ${values.accountHolder},
              ${values.holderKennitala}, ${values.createdBy}, ${values.now}, ${values.now})
      returning *)
    select ${COLUMNS} from t`);
  const row = result.rows[0];
  if (!row) throw new Error("The transfer insert returned nothing");
  return recordOf(row);
};

/** The transfer, locked until the transaction ends, or null outside the company. */
export const lockTransfer = async (db: Executor, projectId: string, id: string): Promise<TransferRecord | null> => {
  const result = await db.execute<RawTransfer>(sql`
    select ${COLUMNS} from transfers t where t.project_id = ${projectId} and t.id = ${id} for update`);
  const row = result.rows[0];
  return row ? recordOf(row) : null;
};

/**
 * Marks the transfer initiated in `periodStart`'s billing period and adds its amount to that period's deposit row,
 * in the caller's transaction: the running balance the card processor reads moves with the transfer.
 */
export const initiateTransfer = async (
  db: Executor,
  values: { projectId: string; id: string; periodStart: Date; by: string; now: Date },
): Promise<TransferRecord> => {
  const result = await db.execute<RawTransfer>(sql`
    with t as (
      update transfers set status = 'initiated', period_start = ${values.periodStart}, initiated_at = ${values.now},
                           initiated_by = ${values.by}, updated_at = ${values.now}
       where project_id = ${values.projectId} and id = ${values.id} and status = 'created'
      returning *),
    d as (
      insert into credit_deposits as c (project_id, period_start, deposited)
      select t.project_id, t.period_start, t.amount from t
      on conflict (project_id, period_start) do update set deposited = c.deposited + excluded.deposited)
    select ${COLUMNS} from t`);
  const row = result.rows[0];
  if (!row) throw new Error("The transfer was not in the created state under its lock");
  return recordOf(row);
};

/** A page of the company's transfers, newest first, by keyset on (created_at, id). */
export const transfersPage = async (
  db: Executor,
  projectId: string,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<(TransferRecord & { timeKey: string })[]> => {
  const after = cursor ? sql`and ${afterTimeCursor(sql`t.created_at`, sql`t.id`, cursor)}` : sql``;
  const result = await db.execute<RawTransfer & { time_key: string }>(sql`
    select ${COLUMNS}, t.created_at::text as time_key from transfers t
     where t.project_id = ${projectId} ${after}
     order by t.created_at desc, t.id desc
     limit ${limit + 1}`);
  return result.rows.map((row) => ({ ...recordOf(row), timeKey: row.time_key }));
};
