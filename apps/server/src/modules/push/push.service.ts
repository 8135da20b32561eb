import { storedLocale } from "@kort/core";
import { z } from "zod";
import type { TaskDeps } from "../../platform/jobs/jobs.ts";
import type { TaskQueue } from "../../platform/jobs/task-queue.ts";
import { decisionMessage, type PushMessage, reminderMessage } from "./push.messages.ts";
import { decisionsForPush, forgetPushToken, pushTargetsOf, remindedForPush } from "./push.repo.ts";
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

/** At most this many decisions share one task; a busy second fills several. */
const DECISIONS_PER_TASK = 200;
/** How long a decision's push waits for others to share its task: unnoticed on a phone, and one insert, not 100. */
const GATHER_MS = 25;

const taskSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("decisions"), authorization_ids: z.array(z.uuid()).min(1).max(DECISIONS_PER_TASK) }),
  z.object({
    kind: z.literal("reminder"),
    project_id: z.uuid(),
    user_id: z.uuid(),
    transaction_ids: z.array(z.uuid()).min(1),
  }),
]);

type Gathering = { ids: string[]; timer: NodeJS.Timeout | undefined };
const gatherings = new WeakMap<TaskQueue, Gathering>();

const flush = (tasks: TaskQueue, gathering: Gathering): void => {
  clearTimeout(gathering.timer);
  gathering.timer = undefined;
  const ids = gathering.ids.splice(0, gathering.ids.length);
  for (let start = 0; start < ids.length; start += DECISIONS_PER_TASK) {
    const chunk = ids.slice(start, start + DECISIONS_PER_TASK);
    // A queue that refuses (the database gone for a moment) loses these pushes only: the decisions are committed.
    void tasks.send(PUSH_QUEUE, { kind: "decisions", authorization_ids: chunk }).catch(() => undefined);
  }
};

/**
 * After a card decision committed (approved or declined). Decisions of the next 25 ms share one task (one row in
 * pg-boss, one commit), so pushes add one insert per batch to the database the decisions commit to, not a commit
 * per decision beside the decisions' own batched ones (docs/employee-app.md has the figures).
 * Nothing here is awaited by the decision's answer. Pushes gathered when the process stops are lost.
 */
export const queueDecisionPush = (tasks: TaskQueue, authorizationId: string): void => {
  let gathering = gatherings.get(tasks);
  if (!gathering) {
    gathering = { ids: [], timer: undefined };
    gatherings.set(tasks, gathering);
  }
  gathering.ids.push(authorizationId);
  const current = gathering;
  if (current.ids.length >= DECISIONS_PER_TASK) flush(tasks, current);
  else if (!current.timer) {
    current.timer = setTimeout(() => flush(tasks, current), GATHER_MS);
    // A timer alone does not keep a stopping process alive.
    current.timer.unref();
  }
};

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

const decisionsOutgoing = async (deps: TaskDeps, ids: readonly string[]): Promise<Outgoing[]> => {
  const decisions = await decisionsForPush(deps.db, ids);
  return decisions.map((decision) => {
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
        authorizationId: decision.id,
        merchant: decision.merchant_name,
        amount: Number(decision.amount),
        url,
      }),
    };
  });
};

const reminderOutgoing = async (
  deps: TaskDeps,
  data: { project_id: string; user_id: string; transaction_ids: string[] },
): Promise<Outgoing[]> => {
  const reminded = await remindedForPush(deps.db, data.project_id, data.user_id, data.transaction_ids);
  const [first] = reminded;
  if (!first) return [];
  return [
    {
      userId: data.user_id,
      message: reminderMessage(storedLocale(first.locale), {
        merchants: reminded.map((row) => row.merchant_name),
        url: reminded.length === 1 ? APP_PATHS.transaction(first.id) : APP_PATHS.transactions,
        tag: `reminder:${reminded
          .map((row) => row.id)
          .join(",")
          .slice(0, 200)}`,
      }),
    },
  ];
};

/** Pushes in flight at once from one task: push services answer in tens of milliseconds each. */
const SENDS_AT_ONCE = 20;

/**
 * The task: every device of each person with a subscription gets their message. Sending is best effort and not
 * retried (a purchase's push an hour late tells little, and a retry would repeat it on the devices that got it);
 * a failure is logged with the device and status only, never the subscription or the message.
 */
export const sendPushTask = async (deps: TaskDeps, input: Record<string, unknown>): Promise<void> => {
  const data = taskSchema.parse(input);
  const vapid = await vapidKeysOf(deps.config);
  if (!vapid) return;
  const outgoing =
    data.kind === "decisions"
      ? await decisionsOutgoing(deps, data.authorization_ids)
      : await reminderOutgoing(deps, data);
  if (outgoing.length === 0) return;
  // Every person's devices in one statement, not one per decision.
  const targets = await pushTargetsOf(deps.db, [...new Set(outgoing.map((item) => item.userId))]);
  const send = pushSenderOf(deps.config);
  const sends = outgoing.flatMap((item) =>
    targets
      .filter((target) => target.user_id === item.userId)
      .map((target) => ({ target, payload: JSON.stringify(item.message) })),
  );
  const sendOne = async ({ target, payload }: (typeof sends)[number]) => {
    const subscription = subscriptionOf(target.push_token);
    if (!subscription) {
      await forgetPushToken(deps.db, target.id, target.push_token);
      return;
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
  };
  for (let start = 0; start < sends.length; start += SENDS_AT_ONCE) {
    await Promise.all(sends.slice(start, start + SENDS_AT_ONCE).map(sendOne));
  }
};

/** GET /v1/devices/key: the public VAPID key the app subscribes with; null when this installation sends no pushes. */
export const pushKey = async (deps: { config: TaskDeps["config"] }) => {
  const vapid = await vapidKeysOf(deps.config);
  return { vapid_public_key: vapid?.publicKey ?? null };
};
