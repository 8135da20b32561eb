import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";

/** A device of the person that Web Push reaches: its id and its push subscription (JSON text). */
export type PushTarget = { id: string; user_id: string; push_token: string };

/** The subscribed devices of these people (devices_user_idx). */
export const pushTargetsOf = async (db: Executor, userIds: readonly string[]): Promise<PushTarget[]> => {
  const rows = await db.execute<PushTarget>(sql`
    select id, user_id, push_token from devices
     where user_id = any(${sql.param([...userIds])}::uuid[]) and push_token is not null`);
  return rows.rows;
};

/** The subscription is gone at the push service: forget it, unless the device sent a new one meanwhile. */
export const forgetPushToken = async (db: Executor, deviceId: string, token: string): Promise<void> => {
  await db.execute(sql`
    update devices set push_token = null, updated_at = now() where id = ${deviceId} and push_token = ${token}`);
};

export type DecisionForPush = {
  id: string;
  project_id: string;
  user_id: string;
  card_id: string;
  status: string;
  amount: string;
  merchant_name: string;
  transaction_id: string | null;
  locale: string | null;
};

/**
 * Decisions and what their pushes say, in one statement. The network's answer names an authorization by id alone
 * (its primary key, as the network's reversal does); each purchase row is found within its authorization's company.
 */
export const decisionsForPush = async (db: Executor, ids: readonly string[]): Promise<DecisionForPush[]> => {
  const rows = await db.execute<DecisionForPush>(sql`
    select a.id, a.project_id, a.user_id, a.card_id, a.status, a.amount::text as amount, a.merchant_name,
           t.id as transaction_id, u.locale
      from authorizations a
      join users u on u.id = a.user_id
      left join transactions t on t.project_id = a.project_id and t.authorization_id = a.id
     where a.id = any(${sql.param([...ids])}::uuid[])
     order by a.created_at, a.id`);
  return rows.rows;
};

export type ReminderForPush = { id: string; merchant_name: string; locale: string | null };

/** The reminded purchases that are still the person's, in their company; with the person's language. */
export const remindedForPush = async (
  db: Executor,
  projectId: string,
  userId: string,
  ids: readonly string[],
): Promise<ReminderForPush[]> => {
  const rows = await db.execute<ReminderForPush>(sql`
    select t.id, t.merchant_name, u.locale
      from transactions t join users u on u.id = t.user_id
     where t.project_id = ${projectId} and t.user_id = ${userId} and t.id = any(${sql.param([...ids])}::uuid[])
     order by t.transaction_date desc, t.id`);
  return rows.rows;
};
