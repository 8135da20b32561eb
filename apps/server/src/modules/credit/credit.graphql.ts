import { ACCOUNT_HOLDERS, TRANSFER_STATUSES, TRANSFER_TYPES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { TransferDto } from "./credit.schemas.ts";
import { createTransfer, initiateTransferFor, requestCreditLimitChange, transfersFor } from "./credit.service.ts";

/** The dashboard's credit calls (issue 16): the same services as spec 7's /v1/transfers. */

const TransferTypeEnum = builder.enumType("TransferType", { values: TRANSFER_TYPES });
const TransferStatusEnum = builder.enumType("TransferStatus", { values: TRANSFER_STATUSES });
const AccountHolderEnum = builder.enumType("AccountHolder", { values: ACCOUNT_HOLDERS });

// Amounts leave as strings, as credit_limit does: exposeString carries the integer's decimal text.
type TransferOut = Omit<TransferDto, "amount"> & { amount: string };
const out = (dto: TransferDto): TransferOut => ({ ...dto, amount: String(dto.amount) });

const Transfer = builder.objectRef<TransferOut>("Transfer").implement({
  description: "A deposit into the company's credit from its own bank account (spec 7, transfers).",
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.expose("type", { type: TransferTypeEnum }),
    status: t.expose("status", { type: TransferStatusEnum }),
    amount: t.exposeString("amount", { description: "ISK, whole kronur, as a string." }),
    bank_account: t.exposeString("bank_account"),
    account_holder: t.expose("account_holder", { type: AccountHolderEnum }),
    period_start: t.expose("period_start", { type: "DateTime", nullable: true }),
    initiated_at: t.expose("initiated_at", { type: "DateTime", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    created_by_name: t.exposeString("created_by_name", { nullable: true }),
  }),
});

const TransferPage = builder.objectRef<{ nodes: TransferOut[]; next_cursor: string | null }>("TransferPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Transfer] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

const CreateTransferInput = builder.inputType("CreateTransferInput", {
  fields: (t) => ({
    type: t.field({ type: TransferTypeEnum, required: false }),
    amount: t.int({ required: true, description: "ISK." }),
    bank_account: t.string({ required: true, description: "4 + 2 + 6 digits: 0133-26-012345." }),
    account_holder: t.field({ type: AccountHolderEnum, required: true }),
    holder_kennitala: t.string({ required: true }),
  }),
});

builder.queryField("transfers", (t) =>
  t.field({
    type: TransferPage,
    description: "Owners: the company's transfers, newest first.",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: async (_root, args, { kort, deps }) => {
      const page = await transfersFor(deps, requireProject(kort), args);
      return { nodes: page.nodes.map(out), next_cursor: page.next_cursor };
    },
  }),
);

builder.mutationField("create_transfer", (t) =>
  t.field({
    type: Transfer,
    description: "Owners: a deposit from the company's own bank account (not a parent's or subsidiary's).",
    args: { input: t.arg({ type: CreateTransferInput, required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      out(
        await createTransfer(deps, requireProject(kort), {
          ...args.input,
          type: args.input.type ?? undefined,
        }),
      ),
  }),
);

builder.mutationField("initiate_transfer", (t) =>
  t.field({
    type: Transfer,
    description: "Owners: from now the deposit raises available credit for the current billing period.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      out(await initiateTransferFor(deps, requireProject(kort), String(args.id))),
  }),
);

builder.mutationField("request_credit_limit_change", (t) =>
  t.field({
    type: "String",
    description: "Owners: e-mails the provider's credit staff; answers the address it went to.",
    args: {
      requested_limit: t.arg.int({ required: true, description: "ISK." }),
      message: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, { kort, deps }) =>
      (
        await requestCreditLimitChange(deps, requireProject(kort), {
          requested_limit: args.requested_limit,
          message: args.message ?? undefined,
        })
      ).sent_to,
  }),
);
