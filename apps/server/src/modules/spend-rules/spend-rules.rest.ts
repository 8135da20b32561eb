import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { myReceiptLockSchema } from "./spend-rules.schemas.ts";
import { myReceiptLock } from "./spend-rules.service.ts";

/** The employee app: whether the caller's cards decline for missing receipts, and how many are missing. */
export const spendRulesRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/me/receipt-lock",
    summary: "The caller's receipt lock: {locked, missing_count, lifted_until, days}",
    tag: "spend-rules",
    access: "project",
    response: myReceiptLockSchema,
    handler: ({ ctx, deps }) => myReceiptLock(deps, ctx),
  }),
];
