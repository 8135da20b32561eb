import { type CardSecrets, createCardSecrets } from "../../platform/crypto/card-secrets.ts";
import { type AppDeps, defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { queueDecisionPush } from "../push/push.service.ts";
import { authorizePayment, type ProcessorDeps } from "./authorize-payment.service.ts";
import {
  authorizationAnswerSchema,
  authorizationIdParams,
  authorizationRequestSchema,
  clearingRequestSchema,
  refundRequestSchema,
  reversalAnswerSchema,
  settlementAnswerSchema,
} from "./network.schemas.ts";
import { clearAuthorization, refundPurchase, reverseAuthorization } from "./settlement.service.ts";

/**
 * The card network's interface (decisions.md, "Cards and the card processor"): authorization, reversal, clearing
 * and refund, authenticated by X-Network-Key (access "network"). No user and no policy: the network is the caller.
 */
const secretsByKey = new WeakMap<Buffer, CardSecrets>();

/** The processor's dependencies: the app's, with the card secrets of the configured card key (cached per key). */
export const processorDeps = (deps: AppDeps): ProcessorDeps => {
  const key = deps.config.cardKey;
  if (!key) throw new Error("The card key is not configured (KORT_CARD_KEY or <dataDir>/card-key)");
  let secrets = secretsByKey.get(key);
  if (!secrets) {
    secrets = createCardSecrets(key);
    secretsByKey.set(key, secrets);
  }
  return { db: deps.db, secrets, now: deps.now };
};

const tag = "Card network";

export const networkRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/network/authorizations",
    summary: "Decide a card authorization in real time",
    tag,
    access: "network",
    body: authorizationRequestSchema,
    response: authorizationAnswerSchema,
    handler: async ({ body, deps }) => {
      const answer = await authorizePayment(processorDeps(deps), {
        pan: body.pan,
        expiryMonth: body.expiry_month,
        expiryYear: body.expiry_year,
        amount: body.amount,
        currency: body.currency,
        merchantName: body.merchant_name,
        mcc: body.mcc,
        merchantCountry: body.merchant_country,
        networkReference: body.network_reference,
      });
      // The decision is committed; its push to the holder's phone is gathered with others into one task and the
      // network's answer does not wait for it (issue 17, push.service.ts). A holder with no device that takes pushes
      // gets no task: it would cost the database its commits and tell nobody.
      if (answer.id && answer.notify) queueDecisionPush(deps.tasks, answer.id);
      return {
        id: answer.id,
        approved: answer.approved,
        decline_code: answer.declineCode,
        amount_isk: answer.amountIsk,
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/network/authorizations/:id/reversal",
    summary:
      "Reverse a pending authorization, releasing its reservation (a reversed or expired one answers its status)",
    tag,
    access: "network",
    params: authorizationIdParams,
    response: reversalAnswerSchema,
    handler: ({ params, deps }) => reverseAuthorization(deps, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/network/clearings",
    summary: "Settle a pending authorization into a transaction",
    tag,
    access: "network",
    status: 201,
    body: clearingRequestSchema,
    response: settlementAnswerSchema,
    handler: ({ body, deps }) =>
      clearAuthorization(deps, { authorizationId: body.authorization_id, amount: body.amount }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/network/refunds",
    summary: "Refund a settled purchase (a negative transaction)",
    tag,
    access: "network",
    status: 201,
    body: refundRequestSchema,
    response: settlementAnswerSchema,
    handler: ({ body, deps }) =>
      refundPurchase(
        deps,
        "authorization_id" in body
          ? { authorizationId: body.authorization_id, amount: body.amount, networkReference: body.network_reference }
          : { transactionId: body.transaction_id, amount: body.amount, networkReference: body.network_reference },
      ),
  }),
];
