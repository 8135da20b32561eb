import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { remindTransactions } from "./reminders.service.ts";
import {
  bulkSetTransactionCategory,
  bulkSetTransactionTaxCategory,
  setTransactionCategory,
  setTransactionComment,
  setTransactionTaxCategory,
  setTransactionTeam,
  setTransactionTeamCategory,
} from "./transaction-edits.service.ts";

/** The panel's changes (spec 7); each answers the changed transaction's id, and the client refetches it. */
const TransactionChanged = builder.objectRef<{ id: string }>("TransactionChanged").implement({
  fields: (t) => ({ id: t.exposeID("id") }),
});

builder.mutationField("set_transaction_category", (t) =>
  t.field({
    type: TransactionChanged,
    description:
      "transaction set-category: the category (enabled, visible to the card's team) and its dimension values (subcategory_ids, one per dimension linked to it); null clears both.",
    args: {
      transaction_id: t.arg.id({ required: true }),
      category_id: t.arg.id({ required: false }),
      subcategory_ids: t.arg.idList({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) =>
      setTransactionCategory(deps, requireProject(kort), String(args.transaction_id), {
        category_id: args.category_id,
        subcategory_ids: args.subcategory_ids,
      }),
  }),
);

builder.mutationField("set_transaction_tax_category", (t) =>
  t.field({
    type: TransactionChanged,
    description: "transaction set-tax-category: an enabled tax category of the project, or null.",
    args: { transaction_id: t.arg.id({ required: true }), tax_category_id: t.arg.id({ required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      setTransactionTaxCategory(deps, requireProject(kort), String(args.transaction_id), args.tax_category_id),
  }),
);

builder.mutationField("set_transaction_team_category", (t) =>
  t.field({
    type: TransactionChanged,
    description: "transaction set-category: a Team category the card's team may use, or null.",
    args: { transaction_id: t.arg.id({ required: true }), category_id: t.arg.id({ required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      setTransactionTeamCategory(deps, requireProject(kort), String(args.transaction_id), args.category_id),
  }),
);

builder.mutationField("set_transaction_team", (t) =>
  t.field({
    type: TransactionChanged,
    description: "transaction set-team: a live team of the project, or null.",
    args: { transaction_id: t.arg.id({ required: true }), team_id: t.arg.id({ required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      setTransactionTeam(deps, requireProject(kort), String(args.transaction_id), args.team_id),
  }),
);

builder.mutationField("set_transaction_comment", (t) =>
  t.field({
    type: TransactionChanged,
    description: "transaction set-comment: at most 1000 characters; empty clears it.",
    args: { transaction_id: t.arg.id({ required: true }), comment: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      setTransactionComment(deps, requireProject(kort), String(args.transaction_id), args.comment),
  }),
);

const BulkChange = builder.objectRef<{ updated: number }>("TransactionsChanged").implement({
  fields: (t) => ({ updated: t.exposeInt("updated") }),
});

builder.mutationField("bulk_set_transaction_category", (t) =>
  t.field({
    type: BulkChange,
    description:
      "transaction set-category on each selected transaction (at most 500), all or none; dimension values the category does not ask for are removed.",
    args: { transaction_ids: t.arg.idList({ required: true }), category_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => bulkSetTransactionCategory(deps, requireProject(kort), args),
  }),
);

builder.mutationField("bulk_set_transaction_tax_category", (t) =>
  t.field({
    type: BulkChange,
    description: "transaction set-tax-category on each selected transaction (at most 500), all or none.",
    args: { transaction_ids: t.arg.idList({ required: true }), tax_category_id: t.arg.id({ required: false }) },
    resolve: (_root, args, { kort, deps }) => bulkSetTransactionTaxCategory(deps, requireProject(kort), args),
  }),
);

const Reminded = builder.objectRef<{ reminded: number; people: number }>("TransactionsReminded").implement({
  fields: (t) => ({
    reminded: t.exposeInt("reminded", { description: "Transactions reminded of." }),
    people: t.exposeInt("people", { description: "Cardholders e-mailed, one e-mail each." }),
  }),
});

builder.mutationField("remind_transaction", (t) =>
  t.field({
    type: Reminded,
    description:
      "transaction remind: asks each cardholder for the receipts of the selected transactions (at most 500), by e-mail and in the app.",
    args: { transaction_ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { kort, deps }) => remindTransactions(deps, requireProject(kort), args.transaction_ids),
  }),
);
