import { builder } from "../../platform/graphql/builder.ts";
import { requireUser } from "../../platform/http/context.ts";
import type { UserDto, UserImageDto } from "./people.schemas.ts";
import { getCurrentUser, getMyProfile, setCurrentUserLocale } from "./people.service.ts";

const UserImage = builder.objectRef<UserImageDto>("UserImage").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    thumbnail_url: t.exposeString("thumbnail_url"),
    url: t.exposeString("url"),
  }),
});

export const User = builder.objectRef<UserDto>("User").implement({
  description: "A person who uses Kort. The same user can belong to several projects.",
  fields: (t) => ({
    id: t.exposeID("id"),
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    preferred_name: t.exposeString("preferred_name", { nullable: true }),
    email: t.exposeString("email"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    image: t.expose("image", { type: UserImage, nullable: true }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: User,
    nullable: true,
    description: "The signed-in user; UNAUTHENTICATED without a valid session.",
    resolve: (_root, _args, { kort, deps }) => getCurrentUser(deps, requireUser(kort)),
  }),
);

builder.mutationField("set_my_locale", (t) =>
  t.string({
    description: "Personal settings: the signed-in user's language (is-IS or en-US), which e-mails and PDFs follow.",
    args: { locale: t.arg.string({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await setCurrentUserLocale(deps, requireUser(kort), { locale: args.locale })).locale,
  }),
);

const MyProfile = builder
  .objectRef<{ full_name: string; email: string; phone: string | null; locale: string }>("MyProfile")
  .implement({
    description: "The signed-in user's own profile, as personal settings shows it.",
    fields: (t) => ({
      full_name: t.exposeString("full_name"),
      email: t.exposeString("email"),
      phone: t.exposeString("phone", { nullable: true, description: "E.164." }),
      locale: t.exposeString("locale", { description: "is-IS or en-US." }),
    }),
  });

builder.queryField("my_profile", (t) =>
  t.field({
    type: MyProfile,
    description: "The signed-in user's own profile (personal settings).",
    resolve: (_root, _args, { kort, deps }) => getMyProfile(deps, requireUser(kort)),
  }),
);
