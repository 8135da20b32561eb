import { categoryCodeSchema } from "@kort/core";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { listScope } from "../../platform/http/list-scope.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { DEFAULT_EXPORT_ACCOUNTS, type ExportAccounts } from "./export-line.ts";

/**
 * The company's own ledger accounts for the journal exports (DK, Payday): the card liability every purchase is
 * posted against, input VAT per rate (a journal line has no VAT field, so VAT goes to its own lines), and rounding.
 * Kept in `projects.preferences.export_accounts`; a field not set there is the Icelandic default
 * (DEFAULT_EXPORT_ACCOUNTS). Owners and accountants, who export the whole company, set them; every change audited.
 */

export type ExportAccountsDto = {
  card_liability: string;
  vat_default: string;
  rounding: string;
  vat_by_rate: { rate_basis_points: number; account: string }[];
  /** Whether the viewer may change them. */
  can_change: boolean;
};

/** The accounts from a project's preferences, each field its default unless set. */
export const exportAccountsOf = (preferences: Record<string, unknown> | null): ExportAccounts => {
  const stored = (preferences?.export_accounts ?? {}) as Partial<ExportAccounts>;
  return {
    ...DEFAULT_EXPORT_ACCOUNTS,
    ...stored,
    vatByRate: { ...DEFAULT_EXPORT_ACCOUNTS.vatByRate, ...stored.vatByRate },
  };
};

const preferencesOf = async (db: Executor, projectId: string, lock: boolean) => {
  const result = await db.execute<{ preferences: Record<string, unknown> | null }>(
    lock
      ? sql`select preferences from projects where id = ${projectId} for no key update`
      : sql`select preferences from projects where id = ${projectId}`,
  );
  return result.rows[0]?.preferences ?? null;
};

const managesAll = (ctx: ProjectContext): boolean => listScope(ctx, "transaction", "export").kind === "project";

const toDto = (accounts: ExportAccounts, canChange: boolean): ExportAccountsDto => ({
  card_liability: accounts.cardLiability,
  vat_default: accounts.vatDefault,
  rounding: accounts.rounding,
  vat_by_rate: Object.entries(accounts.vatByRate)
    .map(([rate, account]) => ({ rate_basis_points: Number(rate), account }))
    .sort((a, b) => b.rate_basis_points - a.rate_basis_points),
  can_change: canChange,
});

const denied = () =>
  new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
    resource: "transaction",
    action: "export",
  });

/**
 * Whoever exports for teams or the company sees which accounts the files post to; only the whole company's exporters
 * (owners, accountants) change them.
 */
export const exportAccountsFor = async (deps: AppDeps, ctx: ProjectContext): Promise<ExportAccountsDto> => {
  const scope = listScope(ctx, "transaction", "export");
  if (scope.kind === "own") throw denied();
  const preferences = await preferencesOf(deps.db, ctx.membership.projectId, false);
  return toDto(exportAccountsOf(preferences), scope.kind === "project");
};

/** A rate in basis points (24% = 2400), each given once. */
const setSchema = z.object({
  card_liability: categoryCodeSchema,
  vat_default: categoryCodeSchema,
  rounding: categoryCodeSchema,
  vat_by_rate: z
    .array(z.object({ rate_basis_points: z.int().min(1).max(10_000), account: categoryCodeSchema }))
    .max(20)
    .refine((rates) => new Set(rates.map((rate) => rate.rate_basis_points)).size === rates.length, {
      message: "A VAT rate is given twice.",
    }),
});

/**
 * Sets all of the accounts at once (the form sends them together); rates left out fall back to the default for
 * that rate, if any. The preferences row is locked, so two saves at once do not lose each other's other settings.
 */
export const setExportAccounts = async (
  deps: AppDeps,
  ctx: ProjectContext,
  raw: unknown,
): Promise<ExportAccountsDto> => {
  if (!managesAll(ctx)) throw denied();
  const input = setSchema.parse(raw);
  const next: ExportAccounts = {
    cardLiability: input.card_liability,
    vatDefault: input.vat_default,
    rounding: input.rounding,
    vatByRate: Object.fromEntries(input.vat_by_rate.map((rate) => [String(rate.rate_basis_points), rate.account])),
  };
  const { projectId } = ctx.membership;
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    const before = exportAccountsOf(await preferencesOf(tx, projectId, true));
    await tx.execute(sql`
      update projects
         set preferences = jsonb_set(coalesce(preferences, '{}'::jsonb), '{export_accounts}', ${JSON.stringify(next)}::jsonb),
             updated_at = ${now}
       where id = ${projectId}`);
    await writeAudit(tx, {
      action: "export_accounts.change",
      objectType: "project",
      objectId: projectId,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { before, after: next },
      at: now,
    });
    return exportAccountsOf({ export_accounts: next });
  });
  return toDto(saved, true);
};
