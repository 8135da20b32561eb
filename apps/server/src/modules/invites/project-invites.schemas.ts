import { emailSchema, MEMBER_ROLES, ROLE_NAMES, USER_LIMIT_MAX } from "@kort/core";
import { z } from "zod";

/** Spec 3 and 7: send project invite (email, role_name, team_id, settings.limit_control). */
export const sendProjectInviteSchema = z.object({
  email: emailSchema,
  role_name: z.string().pipe(z.enum(MEMBER_ROLES)),
  team_id: z.uuid().nullish(),
  settings: z
    .object({
      limit_control: z
        .object({
          max_monthly_limit: z.int().min(0).max(USER_LIMIT_MAX).nullish(),
          allow_issuing_cards_to_self: z.boolean().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

export type SendProjectInviteInput = z.input<typeof sendProjectInviteSchema>;

export const inviteIdSchema = z.object({ id: z.uuid() });
export type InviteIdInput = z.input<typeof inviteIdSchema>;

/** A pending invitation as the People page lists it (spec 3, Invite). */
export const pendingInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLE_NAMES),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.date(),
  expires_at: z.date(),
});

export type PendingInviteDto = z.output<typeof pendingInviteSchema>;
