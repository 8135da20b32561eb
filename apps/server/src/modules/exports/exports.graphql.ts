import { EXPORT_FORMATS, EXPORT_LEVELS, JOB_STATUSES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { SelectionInput, selectionFromArgs } from "../transactions/ledger.graphql.ts";
import {
  checkExport,
  createExport,
  type ExportCheckDto,
  type ExportDto,
  exportFor,
  exportsFor,
  retryExport,
  UNFIT_REASONS,
  type UnfitDto,
} from "./exports.service.ts";
import { EXPORT_FORMAT_SPECS } from "./formats/index.ts";

/** Spec 7's exports (create, status) and the dashboard's list, check and retry (issue 14). */

export const ExportFormatEnum = builder.enumType("ExportFormat", { values: EXPORT_FORMATS });
export const ExportLevelEnum = builder.enumType("ExportLevel", { values: EXPORT_LEVELS });
const JobStatusEnum = builder.enumType("JobStatus", {
  values: JOB_STATUSES,
  description: "started is shown as pending (spec 4).",
});

const Export = builder.objectRef<ExportDto>("Export").implement({
  description: "An export (spec 3): its progress while it runs, and a signed link to its file once completed.",
  fields: (t) => ({
    id: t.exposeID("id"),
    file_type: t.expose("file_type", { type: ExportFormatEnum }),
    level: t.expose("level", { type: ExportLevelEnum }),
    status: t.expose("status", { type: JobStatusEnum }),
    processed_count: t.exposeInt("processed_count"),
    total_count: t.exposeInt("total_count"),
    exclude_booked: t.exposeBoolean("exclude_booked"),
    mark_as_booked: t.exposeBoolean("mark_as_booked"),
    file_name: t.exposeString("file_name", { nullable: true }),
    file_size: t.exposeInt("file_size", { nullable: true, description: "Bytes." }),
    file_url: t.exposeString("file_url", {
      nullable: true,
      description: "A signed link to the file while it is valid (url_expires_at); fetch the export again after.",
    }),
    url_expires_at: t.expose("url_expires_at", { type: "DateTime", nullable: true }),
    error: t.exposeString("error", { nullable: true, description: "The error code of a failed export." }),
    created_by_name: t.exposeString("created_by_name", { nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    completed_at: t.expose("completed_at", { type: "DateTime", nullable: true }),
  }),
});

const ExportPage = builder.objectRef<{ nodes: ExportDto[]; next_cursor: string | null }>("ExportPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Export] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

const UnfitReasonEnum = builder.enumType("ExportUnfitReason", { values: UNFIT_REASONS });

const UnfitTransaction = builder.objectRef<UnfitDto>("ExportUnfitTransaction").implement({
  fields: (t) => ({
    transaction_id: t.exposeID("transaction_id"),
    merchant: t.exposeString("merchant"),
    transaction_date: t.expose("transaction_date", { type: "DateTime" }),
    amount: t.exposeInt("amount", { description: "ISK." }),
    reasons: t.expose("reasons", { type: [UnfitReasonEnum] }),
  }),
});

const ExportCheck = builder.objectRef<ExportCheckDto>("ExportCheck").implement({
  fields: (t) => ({
    total: t.exposeInt("total", { description: "Rows the export would write (settled, in the selection)." }),
    unfit_count: t.exposeInt("unfit_count"),
    unfit: t.expose("unfit", { type: [UnfitTransaction], description: "The first 50 rows the format cannot carry." }),
  }),
});

const ExportInput = builder.inputType("ExportInput", {
  fields: (t) => ({
    level: t.field({ type: ExportLevelEnum, required: true }),
    file_type: t.field({ type: ExportFormatEnum, required: true }),
    selection: t.field({
      type: SelectionInput,
      required: true,
      description: "PROJECT, CARD and USER take the filter; TRANSACTION the picked rows or the filter.",
    }),
    card_id: t.id({ required: false, description: "CARD: the card." }),
    user_id: t.id({ required: false, description: "USER: the cardholder." }),
    exclude_booked: t.boolean({ required: false }),
    mark_as_booked: t.boolean({ required: false }),
    leave_out_unfit: t.boolean({ required: false, description: "Leave out rows the format cannot carry." }),
  }),
});

const inputOf = (input: { selection: object } & Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)),
  selection: selectionFromArgs(input.selection),
});

builder.queryField("export_formats", (t) =>
  t.field({
    type: [ExportFormatEnum],
    description: "The formats this server writes, in the spec's order.",
    resolve: () => EXPORT_FORMATS.filter((format) => EXPORT_FORMAT_SPECS[format] !== undefined),
  }),
);

builder.queryField("exports", (t) =>
  t.field({
    type: ExportPage,
    description: "transaction export: recent exports, newest first (owners and accountants: the company's).",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => exportsFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("export", (t) =>
  t.field({
    type: Export,
    description: "Spec 7, export status.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => exportFor(deps, requireProject(kort), args.id),
  }),
);

builder.queryField("export_check", (t) =>
  t.field({
    type: ExportCheck,
    description: "transaction export: how many rows an export would write, and those its format cannot carry.",
    args: { input: t.arg({ type: ExportInput, required: true }) },
    resolve: (_root, args, { kort, deps }) => checkExport(deps, requireProject(kort), inputOf(args.input)),
  }),
);

builder.mutationField("create_export", (t) =>
  t.field({
    type: Export,
    description: "Spec 7, create exports (overall, by card, user, transaction): transaction export.",
    args: { input: t.arg({ type: ExportInput, required: true }) },
    resolve: (_root, args, { kort, deps }) => createExport(deps, requireProject(kort), inputOf(args.input)),
  }),
);

builder.mutationField("retry_export", (t) =>
  t.field({
    type: Export,
    description: "A failed export runs again.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => retryExport(deps, requireProject(kort), args.id),
  }),
);
