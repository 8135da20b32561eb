import { builder } from "../../platform/graphql/builder.ts";
import { requireUser } from "../../platform/http/context.ts";
import { type SupportConfigDto, sendSupportMessage, supportConfig } from "./support.service.ts";

/** Support in the dashboard (issue 16, docs/support.md): the chat widget's settings, or the support form. */

const SupportChat = builder.objectRef<NonNullable<SupportConfigDto["chat"]>>("SupportChat").implement({
  description: "A chat-support provider: its script, the global function to call and the provider's app id.",
  fields: (t) => ({
    script_url: t.exposeString("script_url"),
    init: t.exposeString("init"),
    app_id: t.exposeString("app_id", { nullable: true }),
  }),
});

const SupportConfig = builder.objectRef<SupportConfigDto>("SupportConfig").implement({
  fields: (t) => ({
    email: t.exposeString("email", { description: "The support address." }),
    chat: t.expose("chat", { type: SupportChat, nullable: true, description: "Null: the support form is offered." }),
  }),
});

builder.queryField("support_config", (t) =>
  t.field({
    type: SupportConfig,
    description: "How this installation offers support: a chat widget, or the support form.",
    resolve: (_root, _args, { kort, deps }) => {
      requireUser(kort);
      return supportConfig(deps);
    },
  }),
);

const SupportMessageInput = builder.inputType("SupportMessageInput", {
  fields: (t) => ({
    subject: t.string({ required: false }),
    message: t.string({ required: true }),
  }),
});

builder.mutationField("send_support_message", (t) =>
  t.field({
    type: "Boolean",
    description: "The support form: the message goes to the support address by e-mail, with who sent it.",
    args: { input: t.arg({ type: SupportMessageInput, required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await sendSupportMessage(deps, requireUser(kort), args.input)).sent,
  }),
);
