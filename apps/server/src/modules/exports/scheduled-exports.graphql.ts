import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { ExportFormatEnum, ExportLevelEnum } from "./exports.graphql.ts";
import {
  createScheduleFor,
  deleteScheduleFor,
  type ScheduleDto,
  schedulesFor,
  updateScheduleFor,
} from "./scheduled-exports.service.ts";

/** Spec 3's scheduled exports: the company's daily export, managed by owners and accountants. */

const ScheduledExport = builder.objectRef<ScheduleDto>("ScheduledExport").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    level: t.expose("level", { type: ExportLevelEnum }),
    file_type: t.expose("file_type", { type: ExportFormatEnum }),
    hour: t.exposeInt("hour", { description: "The hour of the day it runs at, UTC (0 to 23)." }),
    exclude_booked: t.exposeBoolean("exclude_booked"),
    mark_as_booked: t.exposeBoolean("mark_as_booked"),
    enabled: t.exposeBoolean("enabled"),
    last_run_at: t.expose("last_run_at", { type: "DateTime", nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

builder.queryField("scheduled_exports", (t) =>
  t.field({
    type: [ScheduledExport],
    description: "The company's daily exports (owners and accountants).",
    resolve: (_root, _args, { kort, deps }) => schedulesFor(deps, requireProject(kort)),
  }),
);

builder.mutationField("create_scheduled_export", (t) =>
  t.field({
    type: ScheduledExport,
    description:
      "A daily export of the company's settled transactions, at an hour (UTC); unbooked and marked by default.",
    args: {
      file_type: t.arg({ type: ExportFormatEnum, required: true }),
      hour: t.arg.int({ required: true }),
      exclude_booked: t.arg.boolean({ required: false }),
      mark_as_booked: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => createScheduleFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("update_scheduled_export", (t) =>
  t.field({
    type: ScheduledExport,
    args: {
      id: t.arg.id({ required: true }),
      enabled: t.arg.boolean({ required: false }),
      hour: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => updateScheduleFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("delete_scheduled_export", (t) =>
  t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => deleteScheduleFor(deps, requireProject(kort), args.id),
  }),
);
