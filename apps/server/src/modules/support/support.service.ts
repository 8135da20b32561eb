import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";
import { supportMessagesSince } from "./support.repo.ts";

/**
 * Support (spec 1 and 8; issue 16; docs/support.md). With a chat provider configured the dashboard starts its widget
 * with the user's name, e-mail and account creation date; without one it offers a form whose message goes to the
 * support address through the outbox, with who sent it, so support can answer by e-mail.
 */

export type SupportConfigDto = {
  email: string;
  chat: { script_url: string; init: string; app_id: string | null } | null;
};

/** What the web needs to start the chat widget, or to know there is none. */
export const supportConfig = (deps: AppDeps): SupportConfigDto => {
  const { chat, email } = deps.config.support;
  return { email, chat: chat ? { script_url: chat.scriptUrl, init: chat.init, app_id: chat.appId } : null };
};

const messageInput = z.object({
  subject: z.string().trim().max(200).nullish(),
  message: z.string().trim().max(5000),
  project_id: z.uuid().nullish(),
});

/** At most this many support messages per person per hour: a form that mails must not be a mail cannon. */
const MAX_PER_HOUR = 10;

/** Sends the support form's message to the support address. */
export const sendSupportMessage = async (deps: AppDeps, ctx: UserContext, input: unknown) => {
  const parsed = messageInput.parse(input);
  if (parsed.message.length === 0) {
    throw new AppError("VALIDATION_FAILED", "The request is not valid.", {
      issues: [{ path: "message", code: "required", message: "validation.required" }],
    });
  }
  const now = deps.now();
  const to = deps.config.support.email;
  // The project named is only the one the caller is signed in to (the membership the request carries).
  const projectId = ctx.membership?.projectId ?? null;
  await deps.db.transaction(async (tx) => {
    const recent = await supportMessagesSince(tx, ctx.user.id, new Date(now.getTime() - 60 * 60 * 1000));
    if (recent >= MAX_PER_HOUR) {
      throw new AppError("RATE_LIMITED", "Too many messages. Please try again later.");
    }
    const subject = parsed.subject || "Fyrirspurn úr Kort";
    await enqueueMessage(tx, {
      channel: "email",
      to,
      subject: `[Kort] ${subject}`,
      body: [
        `Frá / From: ${ctx.user.fullName} <${ctx.user.email}>`,
        `Notandi / User: ${ctx.user.id}`,
        `Fyrirtæki / Project: ${projectId ?? "-"}`,
        "",
        parsed.message,
      ].join("\n"),
      projectId,
    });
    await writeAudit(tx, {
      action: "support.message_sent",
      objectType: "user",
      objectId: ctx.user.id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      at: now,
    });
  });
  return { sent: true as const };
};
