import type { FastifyInstance } from "fastify";

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
