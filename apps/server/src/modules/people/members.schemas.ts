import { MEMBER_ROLES, ROLE_NAMES, USER_LIMIT_MAX } from "@kort/core";
import { z } from "zod";

/** Spec 3, User.limit_control: null means no monthly maximum. */
export const limitControlSchema = z.object({
  max_monthly_limit: z.int().min(0).max(USER_LIMIT_MAX).nullable(),
  allow_issuing_cards_to_self: z.boolean(),
});

export type LimitControlDto = z.output<typeof limitControlSchema>;

/** A member of the project as the `users` query lists it (spec 7: id, full_name, email, role, teams). */
export const projectUserSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(ROLE_NAMES),
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  limit_control: limitControlSchema,
  /** Locked out of sign-in (temporarily or until an admin unlocks). */
  locked: z.boolean(),
});

export type ProjectUserDto = z.output<typeof projectUserSchema>;

/** Spec 7 and 9: list calls take a page (from 1) and a limit; the people list shows up to 200 at once. */
export const USERS_PAGE_SIZE = 200;

/** Spec 7, users: filter and search. The filters narrow what the caller may read; they never widen it. */
export const usersArgsSchema = z.object({
  search: z.string().trim().max(200).nullish(),
  page: z.int().min(1).nullish(),
  limit: z.int().min(1).max(USERS_PAGE_SIZE).nullish(),
  roles: z
    .array(z.string().pipe(z.enum(MEMBER_ROLES)))
    .min(1)
    .max(MEMBER_ROLES.length)
    .nullish(),
  team_ids: z.array(z.uuid()).min(1).max(USERS_PAGE_SIZE).nullish(),
});

/** `POST /v1/users/search`: the same, as a JSON body (unknown fields refused). */
export const usersSearchBodySchema = usersArgsSchema.strict();

/** `GET /v1/users/recents`: how many recent people at most. */
export const RECENT_USERS_MAX = 10;

export type UsersArgs = z.input<typeof usersArgsSchema>;

export const userListSchema = z.object({ nodes: z.array(projectUserSchema), total_count: z.int() });
export type UserListDto = z.output<typeof userListSchema>;

/** A role a member can hold; platform_owner and empty_role are refused as invalid values. */
export const memberRoleSchema = z.string().pipe(z.enum(MEMBER_ROLES));

export const setRoleSchema = z.object({ user_id: z.uuid(), role_name: memberRoleSchema });
export type SetRoleInput = z.input<typeof setRoleSchema>;

export const setUserLimitControlSchema = z.object({
  user_id: z.uuid(),
  max_monthly_limit: limitControlSchema.shape.max_monthly_limit.optional(),
  allow_issuing_cards_to_self: z.boolean(),
});
export type SetUserLimitControlInput = z.input<typeof setUserLimitControlSchema>;

export const userIdSchema = z.object({ user_id: z.uuid() });
export type UserIdInput = z.input<typeof userIdSchema>;

/** What removing a member did to their cards (spec 6). */
export type UserRemovalDto = { user_id: string; closed_cards: number; reassigned_cards: number };
