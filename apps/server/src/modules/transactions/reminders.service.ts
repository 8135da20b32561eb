import { storedLocale } from "@kort/core";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { writeAudits } from "../../platform/audit/audit.ts";
import { bigintValue } from "../../platform/db/bigint.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { notify } from "../../platform/notifications/notify.ts";
import { publicBaseUrl } from "../../platform/outbox/links.ts";
import { queueReminderPush } from "../push/push.service.ts";
import { type ReminderLine, sendReminderEmail } from "./reminders.messages.ts";
import { assertTransactionActionPossible } from "./transaction-access.ts";
import { lockSelectionFor } from "./transaction-edits.service.ts";

/** One reminder call covers at most a page of selected rows. */
export const REMIND_MAX = 500;

const remindSchema = z.array(z.uuid()).min(1).max(REMIND_MAX);

type Holder = { user_id: string; email: string; full_name: string; locale: string };
type Reminded = { id: string; user_id: string; merchant: string; date: Date; amount: string };

/**
 * Spec 7, remind transaction (and bulk remind for a selection): every transaction is authorized (`transaction
 * remind`, with its team and cardholder) before anything is sent, so a selection is reminded whole or not at all.
 * Each cardholder gets one e-mail listing their purchases, in their own language, and an in-app notification;
 * both are written in the same database transaction (the outbox sends after commit) and every reminder is audited.
 */
export const remindTransactions = async (deps: AppDeps, ctx: ProjectContext, input: unknown) => {
  const { answer, pushes } = await remindInTransaction(deps, ctx, input);
  // Pushes to the reminded people's phones go after the commit (issue 17), from a task: a rolled-back reminder
  // sends none, and the admin's request does not wait on push services.
  for (const push of pushes) await queueReminderPush(deps.tasks, push);
  return answer;
};

const remindInTransaction = (deps: AppDeps, ctx: ProjectContext, input: unknown) =>
  deps.db.transaction(async (tx) => {
    assertTransactionActionPossible(ctx, "remind");
    const requested = [...new Set(remindSchema.parse(input))].sort();
    const projectId = ctx.membership.projectId;
    await lockSelectionFor(tx, ctx, requested, "remind");
    const rows = await tx.execute<Reminded>(sql`
      select t.id, t.user_id, t.merchant_name as merchant, t.transaction_date as date,
             t.transaction_amount::text as amount
        from transactions t where t.project_id = ${projectId} and t.id = any(${sql.param(requested)}::uuid[])
       order by t.transaction_date`);
    const holders = await tx.execute<Holder>(sql`
      select id as user_id, email, full_name, locale from users
       where id = any(${sql.param([...new Set(rows.rows.map((row) => row.user_id))])}::uuid[])`);
    const now = deps.now();
    const app = `${publicBaseUrl(deps.config, ctx.origin)}/app`;
    const pushes: { projectId: string; userId: string; transactionIds: string[] }[] = [];
    for (const holder of holders.rows) {
      const mine = rows.rows.filter((row) => row.user_id === holder.user_id);
      pushes.push({ projectId, userId: holder.user_id, transactionIds: mine.map((row) => row.id) });
      const lines: ReminderLine[] = mine.map((row) => ({
        merchant: row.merchant,
        date: new Date(row.date),
        amount: bigintValue(row.amount),
      }));
      await sendReminderEmail(tx, storedLocale(holder.locale), {
        to: holder.email,
        name: holder.full_name,
        lines,
        // One purchase: the link opens it in the employee app (issue 17); several: the app's purchases list.
        link: mine.length === 1 && mine[0] ? `${app}/transactions/${mine[0].id}` : `${app}/transactions`,
      });
      await notify(tx, {
        projectId,
        userId: holder.user_id,
        kind: "transaction.reminder",
        payload: { transaction_ids: mine.map((row) => row.id), by: ctx.user.id },
        at: now,
      });
    }
    await writeAudits(
      tx,
      rows.rows.map((row) => ({
        action: "transaction.remind",
        objectType: "transaction",
        objectId: row.id,
        projectId,
        actorUserId: ctx.user.id,
        requestId: ctx.requestId,
        at: now,
      })),
    );
    return { answer: { reminded: rows.rows.length, people: holders.rows.length }, pushes };
  });
