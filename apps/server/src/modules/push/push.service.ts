import { storedLocale } from "@kort/core";
import { z } from "zod";
import type { TaskDeps } from "../../platform/jobs/jobs.ts";
import type { TaskQueue } from "../../platform/jobs/task-queue.ts";
import { decisionMessage, type PushMessage, reminderMessage } from "./push.messages.ts";
import { decisionForPush, forgetPushToken, pushTargetsOf, remindedForPush } from "./push.repo.ts";
import { type PushSubscriptionJson, pushSenderOf } from "./push-sender.ts";
import { vapidKeysOf } from "./vapid.ts";

/**
 * Web Push to the employee app (issue 17): when a purchase on a person's card is approved or declined, and when a
 * reminder about their purchases arrives. What causes a push only queues a task after its own commit (a few
 * hundred bytes into pg-boss); the task reads what the push says and sends it, so no decision or request waits
 * on a push service. A push service answering 404 or 410 has dropped the subscription: the device's is forgotten.
 */

export const PUSH_QUEUE = "push.send";

/** The app's paths a tap opens (apps/web/src/mobile/app-paths.ts). */
const APP_PATHS = {
  transactions: "/app/transactions",
  transaction: (id: string) => `/app/transactions/${id}`,
  card: (id: string) => `/app/cards/${id}`,
} as const;

const taskSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("decision"), authorization_id: z.uuid() }),
  z.object({
    kind: z.literal("reminder"),
    project_id: z.uuid(),
    user_id: z.uuid(),
    transaction_ids: z.array(z.uuid()).min(1),
  }),
]);

/** After a card decision committed (approved or declined). */
export const queueDecisionPush = (tasks: TaskQueue, authorizationId: string): Promise<void> =>
  tasks.send(PUSH_QUEUE, { kind: "decision", authorization_id: authorizationId });

/** After a reminder committed: one task per reminded person. */
export const queueReminderPush = (
  tasks: TaskQueue,
  reminder: { projectId: string; userId: string; transactionIds: readonly string[] },
): Promise<void> =>
  tasks.send(PUSH_QUEUE, {
    kind: "reminder",
    project_id: reminder.projectId,
    user_id: reminder.userId,
    transaction_ids: [...reminder.transactionIds],
  });

const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

/** A stored push token as a subscription, or undefined for one that is not (written before it was checked). */
const subscriptionOf = (token: string): PushSubscriptionJson | undefined => {
  try {
    const parsed = subscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

type Outgoing = { userId: string; message: PushMessage };

const outgoingOf = async (deps: TaskDeps, data: z.infer<typeof taskSchema>): Promise<Outgoing | undefined> => {
  if (data.kind === "decision") {
    const decision = await decisionForPush(deps.db, data.authorization_id);
    if (!decision) return undefined;
    const approved = decision.status !== "declined";
    // An approved purchase opens its own page; a declined one has none, so its card's activity (with the reason).
    const url =
      approved && decision.transaction_id
        ? APP_PATHS.transaction(decision.transaction_id)
        : APP_PATHS.card(decision.card_id);
    return {
      userId: decision.user_id,
      message: decisionMessage(storedLocale(decision.locale), {
        approved,
        authorizationId: data.authorization_id,
        merchant: decision.merchant_name,
        amount: Number(decision.amount),
        url,
      }),
    };
  }
  const reminded = await remindedForPush(deps.db, data.project_id, data.user_id, data.transaction_ids);
  const [first] = reminded;
  if (!first) return undefined;
  return {
    userId: data.user_id,
    message: reminderMessage(storedLocale(first.locale), {
      merchants: reminded.map((row) => row.merchant_name),
      url: reminded.length === 1 ? APP_PATHS.transaction(first.id) : APP_PATHS.transactions,
      tag: `reminder:${reminded
        .map((row) => row.id)
        .join(",")
        .slice(0, 200)}`,
    }),
  };
};

/**
 * The task: every device of the person with a subscription gets the message. Sending is best effort and not
 * retried (a purchase's push an hour late tells little, and a retry would repeat it on the devices that got it);
 * a failure is logged with the device and status only, never the subscription or the message.
 */
export const sendPushTask = async (deps: TaskDeps, input: Record<string, unknown>): Promise<void> => {
  const data = taskSchema.parse(input);
  const vapid = await vapidKeysOf(deps.config);
  if (!vapid) return;
  const outgoing = await outgoingOf(deps, data);
  if (!outgoing) return;
  const targets = await pushTargetsOf(deps.db, outgoing.userId);
  const send = pushSenderOf(deps.config);
  const payload = JSON.stringify(outgoing.message);
  for (const target of targets) {
    const subscription = subscriptionOf(target.push_token);
    if (!subscription) {
      await forgetPushToken(deps.db, target.id, target.push_token);
      continue;
    }
    try {
      const { statusCode } = await send(subscription, payload, vapid);
      if (statusCode === 404 || statusCode === 410) {
        await forgetPushToken(deps.db, target.id, target.push_token);
      } else if (statusCode >= 400) {
        deps.logger.warn({ device_id: target.id, status: statusCode, kind: data.kind }, "push refused");
      }
    } catch (error) {
      deps.logger.warn(
        { device_id: target.id, kind: data.kind, reason: error instanceof Error ? error.name : "unknown" },
        "push not sent",
      );
    }
  }
};

/** GET /v1/devices/key: the public VAPID key the app subscribes with; null when this installation sends no pushes. */
export const pushKey = async (deps: { config: TaskDeps["config"] }) => {
  const vapid = await vapidKeysOf(deps.config);
  return { vapid_public_key: vapid?.publicKey ?? null };
};
