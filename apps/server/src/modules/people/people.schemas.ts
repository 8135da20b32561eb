import { z } from "zod";

/**
 * The user as it leaves the server, REST and GraphQL alike (spec section 3, User). The REST
 * layer parses every answer with this schema, so columns such as the passcode hash cannot leak.
 */
export const userImageSchema = z.object({ id: z.uuid(), thumbnail_url: z.string(), url: z.string() });

export const userSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  full_name: z.string(),
  preferred_name: z.string().nullable(),
  email: z.string(),
  created_at: z.date(),
  image: userImageSchema.nullable(),
});

export type UserDto = z.output<typeof userSchema>;
export type UserImageDto = z.output<typeof userImageSchema>;

/** PATCH /v1/users/current: what a user may change about themselves here (e-mail and phone have their own flows). */
export const updateCurrentUserSchema = z
  .object({
    full_name: z.string().trim().min(1).max(200).optional(),
    preferred_name: z.string().trim().max(100).nullable().optional(),
  })
  .strict();

export type UpdateCurrentUserInput = z.output<typeof updateCurrentUserSchema>;

/** PUT /v1/users/current/locale: the language of the caller's e-mails and PDFs. */
export const localeInput = z.object({ locale: z.enum(["is-IS", "en-US"]) });
