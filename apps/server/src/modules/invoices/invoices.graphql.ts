import { JOB_STATUSES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import {
  type InvoiceDto,
  type InvoiceSettingsDto,
  invoiceFor,
  invoiceSettingsFor,
  invoicesFor,
  issueCurrentInvoice,
  sendInvoice,
  setInvoiceDueDays,
} from "./invoices.service.ts";

/** Spec 7's invoices list and invoice by id; send electronically and (demo mode) issue now (issue 15). */

const InvoiceStatusEnum = builder.enumType("InvoiceStatus", {
  values: JOB_STATUSES,
  description: "Spec 4: created, pending, started (shown as pending), completed, failed.",
});

const BillingPeriodRef = builder.objectRef<{ from: string; to: string }>("InvoicePeriod").implement({
  description: "The billing period invoiced: the 27th to the 26th, both days included (YYYY-MM-DD).",
  fields: (t) => ({ from: t.exposeString("from"), to: t.exposeString("to") }),
});

const Invoice = builder.objectRef<InvoiceDto>("Invoice").implement({
  description: "The platform's invoice for one billing period (spec 3), with signed links to its files.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number"),
    issue_date: t.exposeString("issue_date", { description: "YYYY-MM-DD." }),
    due_date: t.exposeString("due_date", { nullable: true, description: "YYYY-MM-DD; also the EINDAGI." }),
    issuer: t.exposeString("issuer"),
    total_amount: t.exposeInt("total_amount", { description: "ISK." }),
    currency: t.exposeString("currency"),
    period: t.expose("period", { type: BillingPeriodRef }),
    status: t.expose("status", { type: InvoiceStatusEnum }),
    file_name: t.exposeString("file_name", { nullable: true }),
    file_url: t.exposeString("file_url", { nullable: true, description: "The UBL XML, a signed link." }),
    pdf_url: t.exposeString("pdf_url", { nullable: true, description: "The PDF, a signed link." }),
    url_expires_at: t.expose("url_expires_at", {
      type: "DateTime",
      nullable: true,
      description: "When file_url and pdf_url stop working: fetch the invoice again before (spec 4: 4 s margin).",
    }),
    sent_at: t.expose("sent_at", { type: "DateTime", nullable: true }),
    sent_to: t.exposeString("sent_to", { nullable: true, description: "The e-invoicing address, scheme:id." }),
  }),
});

const InvoicePage = builder.objectRef<{ nodes: InvoiceDto[]; next_cursor: string | null }>("InvoicePage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Invoice] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

builder.queryField("invoices", (t) =>
  t.field({
    type: InvoicePage,
    description: "Spec 7, invoices list: invoice read; newest period first.",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => invoicesFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("invoice", (t) =>
  t.field({
    type: Invoice,
    description: "Spec 7, invoice by id (pdf_url, file_url): invoice read.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => invoiceFor(deps, requireProject(kort), String(args.id)),
  }),
);

builder.mutationField("send_invoice", (t) =>
  t.field({
    type: Invoice,
    description: "Send electronically: the UBL to the e-invoicing adapter; records when and to which address.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => sendInvoice(deps, requireProject(kort), String(args.id)),
  }),
);

builder.mutationField("issue_current_invoice", (t) =>
  t.field({
    type: Invoice,
    description: "Demo mode, project owners: issue the running period's invoice now.",
    resolve: (_root, _args, { kort, deps }) => issueCurrentInvoice(deps, requireProject(kort)),
  }),
);

const InvoiceSettings = builder.objectRef<InvoiceSettingsDto>("InvoiceSettings").implement({
  fields: (t) => ({
    due_days: t.exposeInt("due_days", { description: "Days from issue to the due date (and EINDAGI); 10 unless set." }),
  }),
});

builder.queryField("invoice_settings", (t) =>
  t.field({
    type: InvoiceSettings,
    description: "invoice read: the company's invoice settings.",
    resolve: (_root, _args, { kort, deps }) => invoiceSettingsFor(deps, requireProject(kort)),
  }),
);

builder.mutationField("set_invoice_due_days", (t) =>
  t.field({
    type: InvoiceSettings,
    description: "Project owners: days from issue to due date for the next invoices (0 to 120).",
    args: { days: t.arg.int({ required: true }) },
    resolve: (_root, args, { kort, deps }) => setInvoiceDueDays(deps, requireProject(kort), args),
  }),
);
