import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { Receipt } from "../receipts/receipts.graphql.ts";
import {
  attachReceipt,
  receiptsInbox,
  rejectReceiptSuggestion,
  type SuggestionDto,
  suggestedReceipts,
  UNMATCHED_PAGE_MAX,
  unmatchedReceipts,
  type WaitingReceiptDto,
} from "./inbox.service.ts";

/**
 * Receipts by e-mail in the dashboard (issue 12): the company's receipts address, the receipts waiting for a
 * transaction with the matcher's suggestions, and the calls that confirm, reject or attach.
 */

const ReceiptsInbox = builder.objectRef<{ address: string; unmatched_count: number }>("ReceiptsInbox").implement({
  fields: (t) => ({
    address: t.exposeString("address", { description: "The company's receipts address, shown to its users." }),
    unmatched_count: t.exposeInt("unmatched_count", { description: "Receipts waiting, within the caller's reach." }),
  }),
});

const ReceiptSuggestion = builder.objectRef<SuggestionDto>("ReceiptSuggestion").implement({
  description: "A purchase an e-mailed receipt may belong to, best first; a person confirms or rejects it.",
  fields: (t) => ({
    transaction_id: t.exposeID("transaction_id"),
    merchant: t.exposeString("merchant"),
    transaction_date: t.expose("transaction_date", { type: "DateTime" }),
    amount: t.exposeInt("amount", { description: "ISK." }),
    original_amount: t.exposeInt("original_amount", { description: "Minor units of original_currency." }),
    original_currency: t.exposeString("original_currency"),
    card_last_four: t.exposeString("card_last_four", { nullable: true }),
  }),
});

const WaitingReceipt = builder.objectRef<WaitingReceiptDto>("WaitingReceipt").implement({
  fields: (t) => ({
    receipt: t.expose("receipt", { type: Receipt }),
    sender_name: t.exposeString("sender_name"),
    suggestions: t.expose("suggestions", { type: [ReceiptSuggestion] }),
  }),
});

const WaitingReceiptPage = builder
  .objectRef<{ nodes: WaitingReceiptDto[]; next_cursor: string | null }>("WaitingReceiptPage")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [WaitingReceipt] }),
      next_cursor: t.exposeString("next_cursor", { nullable: true }),
    }),
  });

builder.queryField("receipts_inbox", (t) =>
  t.field({
    type: ReceiptsInbox,
    description: "The company's receipts address and how many e-mailed receipts wait to be matched.",
    resolve: (_root, _args, { kort, deps }) => receiptsInbox(deps, requireProject(kort)),
  }),
);

builder.queryField("unmatched_receipts", (t) =>
  t.field({
    type: WaitingReceiptPage,
    description: `E-mailed receipts not attached to a transaction, newest first (owners and accountants: the company's; others: their own), each with open suggestions; at most ${UNMATCHED_PAGE_MAX} a page. user_id narrows to one sender.`,
    args: {
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      user_id: t.arg.id({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => unmatchedReceipts(deps, requireProject(kort), args),
  }),
);

builder.queryField("suggested_receipts", (t) =>
  t.field({
    type: [Receipt],
    description: "E-mailed receipts the matcher suggested for this transaction, not yet confirmed or rejected.",
    args: { transaction_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => suggestedReceipts(deps, requireProject(kort), args.transaction_id),
  }),
);

builder.mutationField("attach_receipt", (t) =>
  t.field({
    type: Receipt,
    description:
      "transaction manage-receipts (of the receipt and the transaction): attaches a waiting receipt to a transaction.",
    args: { receipt_id: t.arg.id({ required: true }), transaction_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => attachReceipt(deps, requireProject(kort), args),
  }),
);

builder.mutationField("reject_receipt_suggestion", (t) =>
  t.field({
    type: "Boolean",
    description: "transaction manage-receipts: the receipt does not belong to the transaction; never suggested again.",
    args: { receipt_id: t.arg.id({ required: true }), transaction_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => rejectReceiptSuggestion(deps, requireProject(kort), args),
  }),
);
