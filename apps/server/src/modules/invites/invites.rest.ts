import { defineRoute } from "../../platform/http/rest.ts";
import { idParamsSchema } from "../auth/auth.schemas.ts";
import { acceptInvitation } from "./accept.service.ts";
import { acceptedInviteSchema, acceptInviteBodySchema, inviteViewSchema } from "./invites.schemas.ts";
import { getInvite } from "./invites.service.ts";

/** The invitation link's calls (docs/auth.md). Public: the invitation's id and secret are the key. */
export const invitesRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/invites/:id",
    summary: "An invitation: company, role, team, inviter, expiry and status (pending, accepted, expired)",
    tag: "invites",
    access: "public",
    params: idParamsSchema,
    response: inviteViewSchema,
    handler: ({ params, deps }) => getInvite(deps.db, params.id, deps.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/invites/:id/accept",
    summary: "Accept an invitation: joins an existing user, or begins a 4-step sign-up",
    tag: "invites",
    access: "public",
    params: idParamsSchema,
    body: acceptInviteBodySchema,
    response: acceptedInviteSchema,
    handler: ({ ctx, params, body, deps }) => acceptInvitation(deps, ctx, params.id, body.token),
  }),
];
