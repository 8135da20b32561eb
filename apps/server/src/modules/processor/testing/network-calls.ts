import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { authorizePayment, type ProcessorDeps } from "../authorize-payment.service.ts";
import { clearAuthorization } from "../settlement.service.ts";

/**
 * The card network's purchase as tests send it (`POST /v1/network/authorizations`, not a test itself): a domestic
 * ISK purchase of the card, whose fields the test overrides. The callers assert on the answer.
 */
export type NetworkCard = { pan: string; expirationMonth: number; expirationYear: number };

export const requestAuthorization = (
  app: FastifyInstance,
  networkKey: string,
  card: NetworkCard,
  purchase: Record<string, unknown> = {},
) =>
  app.inject({
    method: "POST",
    url: "/v1/network/authorizations",
    headers: { "x-network-key": networkKey },
    payload: {
      pan: card.pan,
      expiry_month: card.expirationMonth,
      expiry_year: card.expirationYear,
      amount: 2500,
      currency: "ISK",
      merchant_name: "Bónus",
      mcc: "5411",
      merchant_country: "IS",
      ...purchase,
    },
  });

/** A 1.000 kr. purchase of the card that the processor's own service approved: the authorization's id. */
export const approvedPurchase = async (
  deps: ProcessorDeps,
  card: NetworkCard,
  merchantName: string,
): Promise<string> => {
  const answer = await authorizePayment(deps, {
    pan: card.pan,
    expiryMonth: card.expirationMonth,
    expiryYear: card.expirationYear,
    amount: 1_000,
    currency: "ISK",
    merchantName,
    mcc: "5411",
    merchantCountry: "IS",
    networkReference: randomUUID(),
  });
  if (!answer.id) throw new Error(`The test purchase was declined: ${answer.declineCode}`);
  return answer.id;
};

/** That purchase cleared as the network clears it: the settled transaction's id. */
export const settledPurchase = async (
  deps: ProcessorDeps,
  card: NetworkCard,
  merchantName: string,
): Promise<string> => {
  const authorizationId = await approvedPurchase(deps, card, merchantName);
  return (await clearAuthorization(deps, { authorizationId, amount: 1_000 })).transaction_id;
};
