import { PROFILE_IMAGE_MAX_BYTES } from "@kort/core";
import { z } from "zod";
import { signedLinkQuery } from "../../platform/crypto/signed-links.ts";
import { defineFileRoute, defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { projectUserSchema, userListSchema, usersSearchBodySchema } from "./members.schemas.ts";
import { getProjectUserFor, listProjectUsers, recentProjectUsers } from "./members.service.ts";
import { localeInput, updateCurrentUserSchema, userImageSchema, userSchema } from "./people.schemas.ts";
import { getCurrentUser, setCurrentUserLocale, updateCurrentUser } from "./people.service.ts";
import { type ImageVariant, openProfileImage, setProfileImage } from "./profile-image.service.ts";

const imageFile = (variant: ImageVariant): RestRoute =>
  defineFileRoute({
    path: `/v1/users/:userId/images/:imageId/${variant}`,
    summary: `A profile photo's ${variant === "file" ? "image" : "thumbnail"}: the target of a signed link`,
    tag: "users",
    access: "public",
    params: z.object({ userId: z.string().max(100), imageId: z.string().max(100) }),
    query: signedLinkQuery,
    handler: ({ params, query, deps }) => openProfileImage(deps, { ...params, variant }, query),
  });

export const peopleRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/users/current",
    summary: "The signed-in user",
    tag: "users",
    access: "user",
    response: userSchema,
    handler: ({ ctx, deps }) => getCurrentUser(deps, ctx),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/users/current",
    summary: "Change the signed-in user's full or preferred name",
    tag: "users",
    access: "user",
    body: updateCurrentUserSchema,
    response: userSchema,
    handler: ({ ctx, body, deps }) => updateCurrentUser(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/users/current/image",
    summary:
      "Set the signed-in user's profile photo: multipart field `file`, JPEG, PNG or GIF by content, at most 5 MB",
    tag: "users",
    access: "user",
    upload: { field: "file", maxBytes: PROFILE_IMAGE_MAX_BYTES },
    status: 201,
    response: userImageSchema,
    handler: ({ ctx, deps, upload }) => setProfileImage(deps, ctx, upload),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/users/current/locale",
    summary: "Set the signed-in user's language {locale: is-IS | en-US}; e-mails and PDFs follow it",
    tag: "users",
    access: "user",
    checkedBody: localeInput,
    response: z.object({ locale: z.enum(["is-IS", "en-US"]) }),
    handler: ({ ctx, body, deps }) => setCurrentUserLocale(deps, ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/users/search",
    summary:
      "The project's members the caller may read (user read), found by {search?, roles?, team_ids?, page?, limit?}: in full name and e-mail, 200 to a page",
    tag: "users",
    access: "project",
    body: usersSearchBodySchema,
    response: userListSchema,
    // A search changes nothing: a retry runs it again rather than answering a stored page.
    replayable: false,
    handler: ({ ctx, body, deps }) => listProjectUsers(deps, ctx, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/users/recents",
    summary:
      "The members the caller most recently issued cards to, newest first (at most 10): the pickers' recent choices",
    tag: "users",
    access: "project",
    response: userListSchema,
    handler: ({ ctx, deps }) => recentProjectUsers(deps, ctx),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/users/:id",
    summary: "One member of the project, as the caller may read them (user read): role, teams and limit control",
    tag: "users",
    access: "project",
    params: z.object({ id: z.uuid() }),
    response: projectUserSchema,
    handler: ({ ctx, params, deps }) => getProjectUserFor(deps, ctx, params.id),
  }),
  imageFile("file"),
  imageFile("thumbnail"),
];
