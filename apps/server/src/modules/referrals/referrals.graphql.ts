import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { ReferralDto } from "./referrals.schemas.ts";
import { referralsFor } from "./referrals.service.ts";

/** The referrer's list in the dashboard (issue 16); sending and redeeming are spec 7's REST calls. */

const Referral = builder.objectRef<ReferralDto>("Referral").implement({
  description: "A company invited to Kort by e-mail, and the company that joined with its code.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    expires_at: t.expose("expires_at", { type: "DateTime" }),
    joined_company: t.exposeString("joined_company", { nullable: true }),
    joined_at: t.expose("joined_at", { type: "DateTime", nullable: true }),
  }),
});

const ReferralPage = builder.objectRef<{ nodes: ReferralDto[]; next_cursor: string | null }>("ReferralPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Referral] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

builder.queryField("referrals", (t) =>
  t.field({
    type: ReferralPage,
    description: "Project owners: the companies this company invited, newest first, and who joined.",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => referralsFor(deps, requireProject(kort), args),
  }),
);
