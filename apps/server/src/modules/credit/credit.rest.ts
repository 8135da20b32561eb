import { z } from "zod";
import { defineRoute } from "../../platform/http/rest.ts";
import { createTransferInput, transferSchema, transferTypeSchema } from "./credit.schemas.ts";
import { createTransfer, initiateTransferFor, transferTypesFor } from "./credit.service.ts";

const tag = "transfers";

/** Spec 7: GET /transfers/types; POST /transfers; POST /transfers/{id}/initiate (issue 16). */
export const creditRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/transfers/types",
    summary: "What may be transferred into the company's credit: a deposit from the company's own bank account",
    tag,
    access: "project",
    response: z.array(transferTypeSchema),
    handler: async ({ ctx }) => transferTypesFor(ctx),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/transfers",
    summary:
      "Create a deposit {type, amount, bank_account (4+2+6 digits), account_holder, holder_kennitala}; the company's own account only",
    tag,
    access: "project",
    checkedBody: createTransferInput,
    response: transferSchema,
    status: 201,
    handler: ({ ctx, body, deps }) => createTransfer(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/transfers/:id/initiate",
    summary: "Initiate a created transfer: it raises available credit for the current billing period",
    tag,
    access: "project",
    params: z.object({ id: z.string().max(100) }),
    response: transferSchema,
    handler: ({ ctx, params, deps }) => initiateTransferFor(deps, ctx, params.id),
  }),
];
