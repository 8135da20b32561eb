import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { accountBalanceSchema } from "./cards.schemas.ts";
import { accountBalanceFor } from "./cards.service.ts";

/** Spec 7, funding sources: the company's account balance (account balance). */
export const cardsRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/funding_sources/balance",
    summary: "The company's account balance: credit limit, used, reserved, available",
    tag: "funding sources",
    access: "project",
    response: accountBalanceSchema,
    handler: ({ ctx, deps }) => accountBalanceFor(deps, ctx),
  }),
];
