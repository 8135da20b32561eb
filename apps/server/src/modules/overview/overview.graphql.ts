import { AUDIT_AREAS, SPENDING_DIMENSIONS } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { type AuditEntryDto, auditLogFor, type SpendingDto, spendingFor, trendFor } from "./overview.service.ts";

/** The Overview page's queries (spec 7, issue 16) and its audit log. Amounts are ISK, whole kronur, as strings. */

const SpendingDimensionEnum = builder.enumType("SpendingDimension", { values: SPENDING_DIMENSIONS });
const AuditAreaEnum = builder.enumType("AuditArea", { values: AUDIT_AREAS });

const SpendingRow = builder
  .objectRef<{ key: string | null; label: string | null; amount: number; count: number }>("SpendingRow")
  .implement({
    description: "One group: key is the team, user or category id, or the merchant name; null is none (no team).",
    fields: (t) => ({
      key: t.exposeString("key", { nullable: true }),
      label: t.exposeString("label", { nullable: true }),
      amount: t.string({ description: "ISK.", resolve: (row) => String(row.amount) }),
      count: t.exposeInt("count"),
    }),
  });

const SpendingOthers = builder.objectRef<{ amount: number; count: number }>("SpendingOthers").implement({
  fields: (t) => ({
    amount: t.string({ description: "ISK.", resolve: (row) => String(row.amount) }),
    count: t.exposeInt("count"),
  }),
});

const Spending = builder.objectRef<SpendingDto>("Spending").implement({
  description: "A billing period's spend (every transaction dated in it, as /expenses lists it) by one dimension.",
  fields: (t) => ({
    by: t.expose("by", { type: SpendingDimensionEnum }),
    period_from: t.expose("period_from", { type: "DateTime" }),
    period_to: t.expose("period_to", { type: "DateTime", description: "Exclusive: the next 27th." }),
    rows: t.expose("rows", { type: [SpendingRow] }),
    others: t.expose("others", { type: SpendingOthers, nullable: true, description: "The groups after the top." }),
    total: t.string({ description: "ISK.", resolve: (row) => String(row.total) }),
  }),
});

const TrendPeriod = builder
  .objectRef<{ period_from: Date; period_to: Date; settled: number; deposited: number }>("TrendPeriod")
  .implement({
    fields: (t) => ({
      period_from: t.expose("period_from", { type: "DateTime" }),
      period_to: t.expose("period_to", { type: "DateTime" }),
      settled: t.string({ description: "ISK settled in the period.", resolve: (row) => String(row.settled) }),
      deposited: t.string({ description: "ISK deposited by transfers.", resolve: (row) => String(row.deposited) }),
    }),
  });

const AuditEntry = builder.objectRef<AuditEntryDto>("AuditEntry").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    action: t.exposeString("action"),
    object_type: t.exposeString("object_type"),
    object_id: t.exposeString("object_id", { nullable: true }),
    actor_user_id: t.exposeString("actor_user_id", { nullable: true }),
    actor_name: t.exposeString("actor_name", { nullable: true }),
    details: t.exposeString("details", { description: "What changed, as JSON text." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const AuditPage = builder.objectRef<{ nodes: AuditEntryDto[]; next_cursor: string | null }>("AuditPage").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [AuditEntry] }),
    next_cursor: t.exposeString("next_cursor", { nullable: true }),
  }),
});

builder.queryField("overview_spending", (t) =>
  t.field({
    type: Spending,
    description: "stats spending-by-*: a billing period's spend by team, user, category or merchant.",
    args: {
      by: t.arg({ type: SpendingDimensionEnum, required: true }),
      period: t.arg.string({
        required: false,
        description: "Any day of the period, YYYY-MM-DD; the current one else.",
      }),
      top: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) => spendingFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("overview_trend", (t) =>
  t.field({
    type: [TrendPeriod],
    description: "account balance: the six billing periods up to the chosen one, oldest first.",
    args: { period: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => trendFor(deps, requireProject(kort), args),
  }),
);

builder.queryField("audit_log", (t) =>
  t.field({
    type: AuditPage,
    description: "Owners: the company's changes, newest first, by who (actor_id), what (areas) and when (days).",
    args: {
      areas: t.arg({ type: [AuditAreaEnum], required: false }),
      actor_id: t.arg.id({ required: false }),
      from_date: t.arg.string({ required: false }),
      to_date: t.arg.string({ required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) =>
      auditLogFor(deps, requireProject(kort), { ...args, actor_id: args.actor_id ? String(args.actor_id) : null }),
  }),
);
