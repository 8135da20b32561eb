import type { z } from "zod";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type AppDeps, defineRoute, type HttpMethod, type RestRoute } from "../../platform/http/rest.ts";
import { patchTransactionSchema } from "../transactions/transaction-patch.service.ts";
import { listCardAuthorizations, listCardTransactions, patchCardTransaction } from "./card-history.service.ts";
import { provisionCard, revealCard } from "./card-reveal.service.ts";
import {
  authorizationPageSchema,
  createFundingSourceSchema,
  fundingSourcePageSchema,
  fundingSourceParams,
  fundingSourceSchema,
  historyPageQuery,
  pageQuery,
  pinSetSchema,
  provisioningSchema,
  provisionSchema,
  revealSchema,
  sensitiveDetailsSchema,
  sentSchema,
  setPinSchema,
  transactionPageSchema,
  transactionParams,
  transactionSchema,
} from "./funding-sources.schemas.ts";
import {
  activateFundingSource,
  closeFundingSource,
  createFundingSource,
  freezeFundingSource,
  getFundingSource,
  listFundingSources,
  lockFundingSource,
  requestFundingSourcePin,
  setFundingSourcePin,
  unfreezeFundingSource,
  unlockFundingSource,
} from "./funding-sources.service.ts";

/**
 * Spec 7, funding sources: the employee app's cards. Every call loads the card of the X-Project-Id project and
 * asks the policy about it with its team and holder. Bodies are parsed right after the policy is asked (their
 * schemas are the routes' `checkedBody`, which /v1/docs publishes), so a caller without the privilege learns nothing
 * from validation; a bad body is still a 422. `GET /v1/funding_sources/balance` lives in the cards module; a static
 * segment wins over `:id`.
 */

const tag = "funding sources";
const BASE = "/v1/funding_sources";

type CardCall<R extends z.ZodType> = {
  method: HttpMethod;
  suffix: string;
  summary: string;
  response: R;
  /** Set for calls with a body: its schema, which the service parses after the policy question. */
  checkedBody?: z.ZodType;
  replayable?: boolean;
  run: (deps: AppDeps, ctx: ProjectContext, id: string, body: unknown) => Promise<z.input<R>>;
};

/** One call about one funding source (`/v1/funding_sources/:id<suffix>`). */
const onCard = <R extends z.ZodType>(call: CardCall<R>): RestRoute =>
  defineRoute({
    method: call.method,
    path: `${BASE}/:id${call.suffix}`,
    summary: call.summary,
    tag,
    access: "project",
    params: fundingSourceParams,
    checkedBody: call.checkedBody,
    response: call.response,
    replayable: call.replayable ?? true,
    handler: ({ ctx, params, body, deps }) => call.run(deps, ctx, params.id, body),
  });

const post = <R extends z.ZodType>(suffix: string, summary: string, response: R, run: CardCall<R>["run"]) =>
  onCard({ method: "POST", suffix, summary, response, run });

export const fundingSourcesRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: BASE,
    summary: "The caller's own cards in the project, as funding sources, newest first",
    tag,
    access: "project",
    query: pageQuery,
    response: fundingSourcePageSchema,
    handler: ({ ctx, query, deps }) => listFundingSources(deps, ctx, query),
  }),
  defineRoute({
    method: "POST",
    path: BASE,
    summary: "Issue a card (card create): {card_type, cardholder_id, description, team_id, limits, will_close_at}",
    tag,
    access: "project",
    checkedBody: createFundingSourceSchema,
    response: fundingSourceSchema,
    status: 201,
    handler: ({ ctx, body, deps }) => createFundingSource(deps, ctx, body),
  }),
  onCard({
    method: "GET",
    suffix: "",
    summary: "One funding source (card read)",
    response: fundingSourceSchema,
    run: getFundingSource,
  }),
  onCard({
    method: "DELETE",
    suffix: "",
    summary: "Close the card, finally (card close: admins)",
    response: fundingSourceSchema,
    run: closeFundingSource,
  }),
  post("/lock", "Lock the card (card lock: admins)", fundingSourceSchema, lockFundingSource),
  post("/unlock", "Unlock a locked card (card lock: admins)", fundingSourceSchema, unlockFundingSource),
  post(
    "/freeze",
    "Freeze the card: ACTIVE to FROZEN (card freeze: the holder)",
    fundingSourceSchema,
    freezeFundingSource,
  ),
  post("/unfreeze", "Unfreeze: FROZEN to ACTIVE (card freeze: the holder)", fundingSourceSchema, unfreezeFundingSource),
  post("/activate", "Activate: CREATED to ACTIVE (card in-app-activation)", fundingSourceSchema, (deps, ctx, id) =>
    activateFundingSource(deps, ctx, id, "activate"),
  ),
  post("/in_app_activation", "In-app activation: CREATED to ACTIVE", fundingSourceSchema, (deps, ctx, id) =>
    activateFundingSource(deps, ctx, id, "in_app_activation"),
  ),
  onCard({
    method: "POST",
    suffix: "/pin/set",
    summary:
      "Set or change the card PIN: {pin: four digits, passcode: the holder's}; stored as an argon2id hash, audited (card sensitive-details)",
    checkedBody: setPinSchema,
    response: pinSetSchema,
    run: setFundingSourcePin,
  }),
  post(
    "/pin/request",
    "PIN reminder: tells the holder the PIN was requested, never the PIN",
    sentSchema,
    (deps, ctx, id) => requestFundingSourcePin(deps, ctx, id),
  ),
  onCard({
    method: "POST",
    suffix: "/sensitive",
    summary:
      "PAN, CVC and expiry, to the cardholder only, after their passcode: {passcode: four digits}; audited (card sensitive-details). Never stored for replay.",
    checkedBody: revealSchema,
    response: sensitiveDetailsSchema,
    replayable: false,
    run: revealCard,
  }),
  ...(["apple", "google"] as const).map((wallet) =>
    onCard({
      method: "POST",
      suffix: `/provision/${wallet}`,
      summary: `Wallet provisioning payload for the ${wallet} wallet: {public_key?, nonce?} (card push-provisioning)`,
      checkedBody: provisionSchema,
      response: provisioningSchema,
      replayable: false,
      run: (deps, ctx, id, body) => provisionCard(deps, ctx, id, wallet, body),
    }),
  ),
  defineRoute({
    method: "GET",
    path: `${BASE}/:id/transactions`,
    summary: "The card's transactions, newest first (transaction read); `after` a next_cursor",
    tag,
    access: "project",
    params: fundingSourceParams,
    query: historyPageQuery,
    response: transactionPageSchema,
    handler: ({ ctx, params, query, deps }) => listCardTransactions(deps, ctx, params.id, query),
  }),
  defineRoute({
    method: "GET",
    path: `${BASE}/:id/authorizations`,
    summary: "The card's authorizations, approved and declined with the reason, newest first; `after` a next_cursor",
    tag,
    access: "project",
    params: fundingSourceParams,
    query: historyPageQuery,
    response: authorizationPageSchema,
    handler: ({ ctx, params, query, deps }) => listCardAuthorizations(deps, ctx, params.id, query),
  }),
  defineRoute({
    method: "PATCH",
    path: `${BASE}/:id/transactions/:tid`,
    summary:
      "Category with its dimension values, tax category and comment of one of the card's transactions, saved together: {category_id?, subcategory_ids?, tax_category_id?, comment?}",
    tag,
    access: "project",
    params: transactionParams,
    checkedBody: patchTransactionSchema,
    response: transactionSchema,
    handler: ({ ctx, params, body, deps }) => patchCardTransaction(deps, ctx, params, body),
  }),
];
