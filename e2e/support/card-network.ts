import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { DEMO_PASSCODE, DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { demoProjectId, query } from "./db.ts";
import { createSessionToken } from "./session.ts";

/**
 * What flows about cards and purchases set up outside the browser: REST calls as a demo user in the demo company,
 * a card issued to the demo employee, and the card network's own calls (the processor's demo network key).
 */

/** A REST call as `email` in the demo company; fails the test unless the answer is a success. */
export const api = async (email: string, method: string, path: string, body?: unknown) => {
  const session = await createSessionToken(email);
  const response = await fetch(`${inject("baseUrl")}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      "x-project-id": await demoProjectId(),
      "idempotency-key": randomUUID(),
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
};

export type NetworkCard = { id: string; pan: string; month: number; year: number };

/** A card of the demo employee's, issued by the owner over REST; answers its id. */
export const createEmployeeCard = async (name: string, monthlyLimit = 150_000): Promise<string> => {
  const [holder] = await query<{ id: string }>("select id from users where email = $1", [DEMO_USERS.employee.email]);
  const created = await api(DEMO_USERS.owner.email, "POST", "/v1/funding_sources", {
    card_type: "EMPLOYEE_EXPENSE",
    cardholder_id: holder?.id,
    description: name,
    limits: [{ sum_amount: monthlyLimit, period: "MONTHLY" }],
  });
  return String(created.id);
};

/** A card of the demo employee's, issued by the owner, and its number as the holder reveals it. */
export const issueEmployeeCard = async (name: string, monthlyLimit = 150_000): Promise<NetworkCard> => {
  const id = await createEmployeeCard(name, monthlyLimit);
  const details = await api(DEMO_USERS.employee.email, "POST", `/v1/funding_sources/${id}/sensitive`, {
    passcode: DEMO_PASSCODE,
  });
  return { id, pan: String(details.pan), month: Number(details.expiry_month), year: Number(details.expiry_year) };
};

const network = async (path: string, body: unknown, status: number) => {
  const response = await fetch(`${inject("baseUrl")}${path}`, {
    method: "POST",
    headers: { "x-network-key": "demo-network-key", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json();
};

export type Purchase = { amount?: number; mcc?: string; merchant?: string };

/** The network asks to authorize a purchase in ISK at an Icelandic merchant (a grocery unless said). */
export const authorize = async (
  card: Omit<NetworkCard, "id">,
  { amount = 2_500, mcc = "5411", merchant = "Bónus" }: Purchase,
) =>
  (await network(
    "/v1/network/authorizations",
    {
      pan: card.pan,
      expiry_month: card.month,
      expiry_year: card.year,
      amount,
      currency: "ISK",
      merchant_name: merchant,
      mcc,
      merchant_country: "IS",
    },
    200,
  )) as { id: string | null; approved: boolean; decline_code: string | null };

/** The network settles an authorization at `amount` ISK, which may differ from what was authorized. */
export const clear = async (authorizationId: string, amount: number) =>
  (await network("/v1/network/clearings", { authorization_id: authorizationId, amount }, 201)) as {
    transaction_id: string;
  };
