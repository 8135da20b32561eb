import { z } from "zod";
import { defineRoute } from "../../platform/http/rest.ts";
import { emailAddressSchema, emailInput, signInAddressInput, verifyInput } from "./email-addresses.schemas.ts";
import {
  addEmailAddress,
  emailAddressesFor,
  makeSignInAddress,
  removeEmailAddress,
  verifyEmailAddress,
} from "./email-addresses.service.ts";

const tag = "email-addresses";
const idParams = z.object({ id: z.string().max(100) });

/** The signed-in user's e-mail aliases (issue 16), and the verification link's call. */
export const emailAddressRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/email-addresses",
    summary: "The signed-in user's e-mail aliases, oldest first, each verified or not",
    tag,
    access: "user",
    response: z.object({ nodes: z.array(emailAddressSchema) }),
    handler: async ({ ctx, deps }) => ({ nodes: await emailAddressesFor(deps, ctx) }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/email-addresses",
    summary: "Add an e-mail alias {email}; a verification e-mail goes to it",
    tag,
    access: "user",
    checkedBody: emailInput,
    response: emailAddressSchema,
    status: 201,
    handler: ({ ctx, body, deps }) => addEmailAddress(deps, ctx, body),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/email-addresses/:id",
    summary: "Remove one of the signed-in user's e-mail aliases",
    tag,
    access: "user",
    params: idParams,
    response: z.object({ id: z.string() }),
    handler: ({ ctx, params, deps }) => removeEmailAddress(deps, ctx, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/email-addresses/:id/sign-in",
    summary:
      "Sign in with this verified alias from now on {passcode}; the old sign-in address becomes a verified alias and is told",
    tag,
    access: "user",
    params: idParams,
    checkedBody: signInAddressInput,
    response: z.object({ email: z.string() }),
    handler: ({ ctx, params, body, deps }) => makeSignInAddress(deps, ctx, params.id, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/email-addresses/:id/verify",
    summary: "Verify an alias with its e-mail link's {expires, signature}",
    tag,
    access: "public",
    params: idParams,
    checkedBody: verifyInput,
    response: emailAddressSchema,
    handler: ({ params, body, deps }) => verifyEmailAddress(deps, params.id, body),
  }),
];
