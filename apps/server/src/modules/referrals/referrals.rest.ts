import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { codeParams, createReferralInput, redeemedSchema, referralSchema } from "./referrals.schemas.ts";
import { createReferral, redeemReferral } from "./referrals.service.ts";

/** Spec 7: POST /referrals and POST /referrals/redeem/{code}. */
export const referralsRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/referrals",
    summary:
      "Project owners: invite another company to Kort by e-mail {email}; the mail carries a sign-up link with a code",
    tag: "referrals",
    access: "project",
    // Parsed by the service after the policy is asked: a caller without the right learns nothing from a 422.
    checkedBody: createReferralInput,
    status: 201,
    response: referralSchema,
    handler: ({ ctx, body, deps }) => createReferral(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/referrals/redeem/:code",
    summary: "The owner of a company that just signed up redeems the referral code its sign-up link carried",
    tag: "referrals",
    access: "project",
    params: codeParams,
    response: redeemedSchema,
    handler: ({ ctx, params, deps }) => redeemReferral(deps, ctx, params.code),
  }),
];
