import { inject, vi } from "vitest";

/** A message as `GET /v1/dev/outbox` lists it (docs/auth.md, demo mode). */
export type OutboxMessage = {
  id: string;
  channel: "sms" | "email" | "einvoice";
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
};

export const readOutbox = async (to: string): Promise<OutboxMessage[]> => {
  const response = await fetch(`${inject("baseUrl")}/v1/dev/outbox?${new URLSearchParams({ to })}`);
  if (!response.ok) throw new Error(`GET /v1/dev/outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
};

/** The ids already in the outbox for `to`, so a later wait finds only the message that comes next. */
export const outboxMark = async (to: string): Promise<ReadonlySet<string>> =>
  new Set((await readOutbox(to)).map((message) => message.id));

/** Polls the outbox (with a deadline) until a message to `to` that is not in `seen` arrives. */
export const waitForMessage = (to: string, seen: ReadonlySet<string> = new Set()): Promise<OutboxMessage> =>
  vi.waitFor(
    async () => {
      const fresh = (await readOutbox(to)).find((message) => !seen.has(message.id));
      if (!fresh) throw new Error(`No new message to ${to} yet`);
      return fresh;
    },
    { timeout: 15_000, interval: 100 },
  );

/** The 6-digit code of an SMS. */
export const codeIn = (message: OutboxMessage): string => {
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`No code in: ${message.body}`);
  return code;
};

/** The first web address in a message (the e-mail link of sign-up). */
export const linkIn = (message: OutboxMessage): string => {
  const link = /(https?:\/\/\S+)/.exec(message.body)?.[1];
  if (!link) throw new Error(`No link in: ${message.body}`);
  return link;
};
