import { z } from "zod";

export { inviteViewSchema } from "../onboarding/onboarding.schemas.ts";

export const acceptInviteBodySchema = z.object({ token: z.string().trim().min(1).max(200) }).strict();

export const acceptedInviteSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("accepted"), project_id: z.uuid() }),
  z.object({ status: z.literal("onboarding"), onboarding_id: z.uuid(), steps: z.literal(4) }),
]);
