import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { profileOf, setUserLocale, type UserRecord, updateUserNames } from "./people.repo.ts";
import { localeInput, type UpdateCurrentUserInput, type UserDto } from "./people.schemas.ts";
import { userImageOf } from "./profile-image.service.ts";

type LinkDeps = Pick<AppDeps, "links" | "now">;

export const toUserDto = (deps: LinkDeps, user: UserRecord): UserDto => ({
  id: user.id,
  user_id: user.id,
  full_name: user.fullName,
  preferred_name: user.preferredName,
  email: user.email,
  created_at: user.createdAt,
  // Signed, short-lived links to the profile photo and its thumbnail (profile-image.service.ts).
  image: userImageOf(deps, user),
});

/**
 * The signed-in user, as the request's session lookup read them (platform/http/context.repo.ts): the same row a
 * second read would find, so no second read. Answers a promise, as every handler does.
 */
export const getCurrentUser = async (deps: LinkDeps, ctx: UserContext): Promise<UserDto> => toUserDto(deps, ctx.user);

export const updateCurrentUser = async (
  deps: LinkDeps & { db: Db },
  ctx: UserContext,
  input: UpdateCurrentUserInput,
): Promise<UserDto> => {
  const user = await updateUserNames(deps.db, ctx.user.id, {
    fullName: input.full_name,
    preferredName: input.preferred_name === "" ? null : input.preferred_name,
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return toUserDto(deps, user);
};

/** Personal settings' language, stored on the user so e-mails and PDFs made for them follow it. */
export const setCurrentUserLocale = async (deps: Pick<AppDeps, "db" | "now">, ctx: UserContext, input: unknown) => {
  const { locale } = localeInput.parse(input);
  await setUserLocale(deps.db, ctx.user.id, locale, deps.now());
  return { locale };
};

/** Personal settings' read-only profile: name, e-mail, phone, and the stored language. */
export const getMyProfile = async (deps: Pick<AppDeps, "db">, ctx: UserContext) => {
  const profile = await profileOf(deps.db, ctx.user.id);
  if (!profile) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return { full_name: profile.fullName, email: profile.email, phone: profile.phone, locale: profile.locale };
};
