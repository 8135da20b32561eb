import { defineRoute } from "../../platform/http/rest.ts";
import { updateCurrentUserSchema, userSchema } from "./people.schemas.ts";
import { getCurrentUser, updateCurrentUser } from "./people.service.ts";

export const peopleRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/users/current",
    summary: "The signed-in user",
    tag: "users",
    access: "user",
    response: userSchema,
    handler: ({ ctx }) => getCurrentUser(ctx),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/users/current",
    summary: "Change the signed-in user's full or preferred name",
    tag: "users",
    access: "user",
    body: updateCurrentUserSchema,
    response: userSchema,
    handler: ({ ctx, body, deps }) => updateCurrentUser(deps.db, ctx, body),
  }),
];
