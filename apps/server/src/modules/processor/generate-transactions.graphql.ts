import { z } from "zod";
import { builder } from "../../platform/graphql/builder.ts";
import { authorize } from "../../platform/http/authorize.ts";
import { requireProject } from "../../platform/http/context.ts";
import { type GenerateResult, generateTransactions } from "./generate-transactions.service.ts";
import { processorDeps } from "./network.rest.ts";

const GenerateTransactionsResult = builder.objectRef<GenerateResult>("GenerateTransactionsResult").implement({
  description: "What the processor decided for the generated purchases.",
  fields: (t) => ({
    approved: t.exposeInt("approved"),
    declined: t.exposeInt("declined"),
    cleared: t.exposeInt("cleared"),
    reversed: t.exposeInt("reversed"),
    pending: t.exposeInt("pending", { description: "Approved and not yet cleared or reversed." }),
  }),
});

const generateArgs = z.object({
  card_ids: z.array(z.string().uuid()).min(1).max(100).optional(),
  count: z.number().int().min(1).max(500).default(40),
});

builder.mutationField("generate_transactions", (t) =>
  t.field({
    type: GenerateTransactionsResult,
    description:
      "Demo history (card generate-transactions, project owners): purchases at Icelandic and foreign merchants through the processor's own rules, over the current and previous billing period.",
    args: {
      card_ids: t.arg.idList({ required: false, description: "Default: every active card of the company." }),
      count: t.arg.int({ required: false, description: "Purchases to attempt, 1 to 500 (default 40)." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      authorize(ctx, "card", "generate-transactions");
      const input = generateArgs.parse({ card_ids: args.card_ids ?? undefined, count: args.count ?? undefined });
      return generateTransactions(processorDeps(deps), {
        projectId: ctx.membership.projectId,
        cardIds: input.card_ids,
        count: input.count,
      });
    },
  }),
);
