import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import { type UserRecord, updateUserNames } from "./people.repo.ts";
import type { UpdateCurrentUserInput, UserDto } from "./people.schemas.ts";

export const toUserDto = (user: UserRecord): UserDto => ({
  id: user.id,
  user_id: user.id,
  full_name: user.fullName,
  preferred_name: user.preferredName,
  email: user.email,
  created_at: user.createdAt,
  // Image links are signed and short-lived; they come with the blob store. Until then no image is shown.
  image: null,
});

/**
 * The signed-in user, as the request's session lookup read them (platform/http/context.repo.ts): the same row a
 * second read would find, so no second read. Answers a promise, as every handler does.
 */
export const getCurrentUser = async (ctx: UserContext): Promise<UserDto> => toUserDto(ctx.user);

export const updateCurrentUser = async (db: Db, ctx: UserContext, input: UpdateCurrentUserInput): Promise<UserDto> => {
  const user = await updateUserNames(db, ctx.user.id, {
    fullName: input.full_name,
    preferredName: input.preferred_name === "" ? null : input.preferred_name,
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return toUserDto(user);
};
