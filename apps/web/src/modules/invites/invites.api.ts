import type { RoleName } from "@kort/core";
import { rest } from "../../app/api/client.ts";

/** `GET /v1/invites/{id}` (docs/auth.md): the invitation as its landing page shows it. */
export type Invite = {
  id: string;
  email: string;
  status: "pending" | "accepted" | "expired";
  role: RoleName;
  expires_at: string;
  company: { id: string; title: string };
  team: { id: string; name: string } | null;
  inviter: { full_name: string } | null;
};

/** `POST /v1/invites/{id}/accept`: a known user joins at once; anyone else continues to sign-up. */
export type InviteAcceptance = { status: "accepted" } | { status: "onboarding"; onboarding_id: string; steps?: number };

const PUBLIC = { withProject: false, session: "none" } as const;

export const getInvite = (id: string, signal?: AbortSignal) =>
  rest<Invite>("GET", `/invites/${encodeURIComponent(id)}`, undefined, { ...PUBLIC, signal });

export const acceptInvite = (id: string, token: string) =>
  rest<InviteAcceptance>("POST", `/invites/${encodeURIComponent(id)}/accept`, { token }, PUBLIC);
