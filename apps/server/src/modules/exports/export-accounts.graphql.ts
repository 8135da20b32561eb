import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { type ExportAccountsDto, exportAccountsFor, setExportAccounts } from "./export-accounts.service.ts";

/** The ledger accounts the journal exports post to besides each category's (issue 14). */

const VatAccount = builder.objectRef<ExportAccountsDto["vat_by_rate"][number]>("ExportVatAccount").implement({
  fields: (t) => ({
    rate_basis_points: t.exposeInt("rate_basis_points", { description: "24% = 2400." }),
    account: t.exposeString("account"),
  }),
});

const ExportAccounts = builder.objectRef<ExportAccountsDto>("ExportAccounts").implement({
  description: "The company's accounts for journal exports (DK, Payday); the Icelandic defaults unless set.",
  fields: (t) => ({
    card_liability: t.exposeString("card_liability", { description: "The offset of every card purchase." }),
    vat_default: t.exposeString("vat_default", { description: "Input VAT at a rate not listed." }),
    rounding: t.exposeString("rounding", { description: "The remainder of rounding to whole krónur." }),
    vat_by_rate: t.expose("vat_by_rate", { type: [VatAccount], description: "Input VAT per rate." }),
    can_change: t.exposeBoolean("can_change"),
  }),
});

const VatAccountInput = builder.inputType("ExportVatAccountInput", {
  fields: (t) => ({
    rate_basis_points: t.int({ required: true }),
    account: t.string({ required: true }),
  }),
});

builder.queryField("export_accounts", (t) =>
  t.field({
    type: ExportAccounts,
    description: "The accounts the journal exports post to (whoever may export).",
    resolve: (_root, _args, { kort, deps }) => exportAccountsFor(deps, requireProject(kort)),
  }),
);

builder.mutationField("set_export_accounts", (t) =>
  t.field({
    type: ExportAccounts,
    description: "Sets the journal exports' accounts, all at once (owners and accountants; audited).",
    args: {
      card_liability: t.arg.string({ required: true }),
      vat_default: t.arg.string({ required: true }),
      rounding: t.arg.string({ required: true }),
      vat_by_rate: t.arg({ type: [VatAccountInput], required: true }),
    },
    resolve: (_root, args, { kort, deps }) => setExportAccounts(deps, requireProject(kort), args),
  }),
);
