import {
  AUDIT_AREAS,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type AuditArea,
  BILLING_PERIOD_HISTORY_LENGTH,
  billingPeriodOf,
  billingPeriodStartingIn,
  currentBillingPeriod,
  isUuid,
  parseIsoDate,
  SPENDING_DIMENSIONS,
  SPENDING_TOP_DEFAULT,
  SPENDING_TOP_MAX,
  type SpendingDimension,
} from "@kort/core";
import { z } from "zod";
import { timeCursorFromText, timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type AuditRecord, auditPage } from "./audit-log.repo.ts";
import { periodTrend, type Spending, spendingBy } from "./overview.repo.ts";

/**
 * The Overview page (spec 2 and 7, issue 16), for owners: spending of a billing period by team, user, category and
 * merchant; the last six periods. Active cards per type and the account balance are the cards module's own calls
 * (active_card_counts, account_balance).
 *
 * Who (spec 6, stats): by team needs stats spending-by-team, by user spending-by-user, by category and by merchant
 * spending-by-category (a merchant is the finer category of a purchase); all three are the owner's alone. The
 * trend is the account balance's history (account balance). The audit log is the owner's too: it asks user manage-role, the owner-only privilege over people and
 * their roles, whose changes it lists.
 */

const STATS_ACTION = {
  TEAM: "spending-by-team",
  USER: "spending-by-user",
  CATEGORY: "spending-by-category",
  MERCHANT: "spending-by-category",
} as const satisfies Record<SpendingDimension, string>;

const day = z.string().refine((text) => parseIsoDate(text) !== null, "Not a YYYY-MM-DD date");

/** The billing period containing `period` (any day of it, YYYY-MM-DD), or the current one. */
const periodOf = (deps: AppDeps, period: string | null | undefined) => {
  if (period === null || period === undefined) return currentBillingPeriod(deps.now());
  const date = parseIsoDate(day.parse(period));
  if (!date) throw new AppError("VALIDATION_FAILED", "Not a YYYY-MM-DD date.");
  return billingPeriodOf(date);
};

const spendingArgs = z.object({
  by: z.enum(SPENDING_DIMENSIONS),
  period: z.string().max(10).nullish(),
  top: z.number().int().min(1).max(SPENDING_TOP_MAX).nullish(),
});

export type SpendingDto = Spending & { by: SpendingDimension; period_from: Date; period_to: Date };

/** Spec 7, "overview spending by team, user, category, merchant": one aggregate statement. */
export const spendingFor = async (deps: AppDeps, ctx: ProjectContext, input: unknown): Promise<SpendingDto> => {
  const args = spendingArgs.parse(input);
  authorize(ctx, "stats", STATS_ACTION[args.by], { project_id: ctx.membership.projectId });
  const period = periodOf(deps, args.period);
  const spending = await spendingBy(
    deps.db,
    ctx.membership.projectId,
    args.by,
    period.from,
    period.to,
    args.top ?? SPENDING_TOP_DEFAULT,
  );
  return { ...spending, by: args.by, period_from: period.from, period_to: period.to };
};

/** The six billing periods up to the chosen one (spec 9's history helper), oldest first, from running balances. */
export const trendFor = async (deps: AppDeps, ctx: ProjectContext, input: { period?: string | null }) => {
  authorize(ctx, "account", "balance", { project_id: ctx.membership.projectId });
  const last = periodOf(deps, input.period);
  const year = last.from.getUTCFullYear();
  const month = last.from.getUTCMonth();
  const periods = Array.from({ length: BILLING_PERIOD_HISTORY_LENGTH }, (_, back) =>
    billingPeriodStartingIn(year, month - (BILLING_PERIOD_HISTORY_LENGTH - 1 - back)),
  );
  const rows = await periodTrend(
    deps.db,
    ctx.membership.projectId,
    periods.map((p) => p.from),
  );
  return periods.map((period, index) => ({
    period_from: period.from,
    period_to: period.to,
    settled: rows[index]?.settled ?? 0,
    deposited: rows[index]?.deposited ?? 0,
  }));
};

const auditArgs = z.object({
  areas: z.array(z.enum(AUDIT_AREAS)).max(AUDIT_AREAS.length).nullish(),
  actor_id: z
    .string()
    .refine((id) => isUuid(id), "Not an id")
    .nullish(),
  from_date: day.nullish(),
  to_date: day.nullish(),
  first: z.number().int().min(1).max(AUDIT_PAGE_MAX).nullish(),
  after: timeCursorFromText.nullish(),
});

export type AuditEntryDto = Omit<AuditRecord, "data" | "timeKey"> & { details: string };

/** Data of an entry as short JSON text: what changed, for the page's detail column. */
const detailsOf = (data: Record<string, unknown>): string => {
  const text = JSON.stringify(data ?? {});
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
};

const DAY_MS = 86_400_000;

/** The audit log page: the company's changes, filtered by who, what (areas) and when (days), paged by cursor. */
export const auditLogFor = async (deps: AppDeps, ctx: ProjectContext, input: unknown) => {
  authorize(ctx, "user", "manage-role", { project_id: ctx.membership.projectId });
  const args = auditArgs.parse(input);
  const from = args.from_date ? parseIsoDate(args.from_date) : null;
  const toDay = args.to_date ? parseIsoDate(args.to_date) : null;
  const to = toDay ? new Date(toDay.getTime() + DAY_MS) : null;
  if (from && to && from >= to) {
    throw new AppError("VALIDATION_FAILED", "from_date is after to_date.", {
      issues: [{ path: "to_date", code: "custom", message: "from_date is after to_date" }],
    });
  }
  const areas: readonly AuditArea[] = args.areas && args.areas.length > 0 ? args.areas : AUDIT_AREAS;
  const limit = args.first ?? AUDIT_PAGE_DEFAULT;
  const rows = await auditPage(
    deps.db,
    ctx.membership.projectId,
    { areas, actorId: args.actor_id ?? null, from, to },
    args.after ?? null,
    limit,
  );
  const page = timePageOf(rows, limit);
  return {
    nodes: page.nodes.map(({ data, timeKey: _key, ...row }): AuditEntryDto => ({ ...row, details: detailsOf(data) })),
    next_cursor: page.next_cursor,
  };
};
