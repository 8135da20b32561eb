import { builder } from "../../platform/graphql/builder.ts";
import { requireUser } from "../../platform/http/context.ts";
import type { EmailAddressDto } from "./email-addresses.schemas.ts";
import { addEmailAddress, emailAddressesFor, removeEmailAddress } from "./email-addresses.service.ts";

/** Spec 7's e-mail addresses query and create/delete mutations (issue 16). */

const EmailAddress = builder.objectRef<EmailAddressDto>("EmailAddress").implement({
  description: "An e-mail alias of the signed-in user; unverified until the link sent to it is followed.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    verified_at: t.expose("verified_at", { type: "DateTime", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

builder.queryField("email_addresses", (t) =>
  t.field({
    type: [EmailAddress],
    description: "The signed-in user's e-mail aliases, oldest first.",
    resolve: (_root, _args, { kort, deps }) => emailAddressesFor(deps, requireUser(kort)),
  }),
);

builder.mutationField("create_email_address", (t) =>
  t.field({
    type: EmailAddress,
    description: "Adds an alias and e-mails it a verification link.",
    args: { email: t.arg.string({ required: true }) },
    resolve: (_root, args, { kort, deps }) => addEmailAddress(deps, requireUser(kort), { email: args.email }),
  }),
);

builder.mutationField("delete_email_address", (t) =>
  t.id({
    description: "Removes one of the signed-in user's aliases.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await removeEmailAddress(deps, requireUser(kort), String(args.id))).id,
  }),
);
