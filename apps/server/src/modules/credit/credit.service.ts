import {
  type BankAccount,
  billingPeriodOf,
  depositAccountRefusal,
  formatBankAccount,
  formatKennitala,
  formatMoney,
  isUuid,
  parseBankAccount,
  parseKennitala,
  TRANSFER_MAX_AMOUNT,
  TRANSFER_TYPES,
} from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timeCursorFromText, timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { enqueueMessage } from "../../platform/outbox/outbox.ts";
import {
  companyOf,
  initiateTransfer,
  insertTransfer,
  lockTransfer,
  type TransferRecord,
  transfersPage,
} from "./credit.repo.ts";
import {
  type CreateTransferInput,
  type CreditLimitRequestInput,
  createTransferInput,
  creditLimitRequestInput,
  type TransferDto,
} from "./credit.schemas.ts";

/**
 * The company's credit (spec 6 and 7, issue 16): a request for a credit limit change, e-mailed to the provider's
 * credit staff; a one-time balance increase by a deposit from the company's own bank account (transfers: types,
 * create, initiate), which raises available credit for the billing period it is initiated in.
 *
 * Who: the spec gives "account balance" to owners, team admins and accountants, to read; changing the company's
 * credit is an administrator's ("manage projects, all settings"), so these calls ask the policy for account balance
 * on the company and then need the project_owner role (docs/overview.md).
 */
const authorizeCreditChange = (ctx: ProjectContext): void => {
  authorize(ctx, "account", "balance", { project_id: ctx.membership.projectId });
  if (ctx.membership.role !== "project_owner") {
    throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
      resource: "account",
      action: "balance",
    });
  }
};

const toDto = (row: TransferRecord): TransferDto => ({ ...row, currency: "ISK" });

const notFound = () => new AppError("NOT_FOUND", "The transfer was not found.");

/** Spec 7, GET /v1/transfers/types: what a company may transfer into its credit. */
export const transferTypesFor = (ctx: ProjectContext) => {
  authorizeCreditChange(ctx);
  return TRANSFER_TYPES.map((type) => ({
    type,
    source: "company_bank_account" as const,
    max_amount: TRANSFER_MAX_AMOUNT,
  }));
};

const bankAccountOf = (text: string): BankAccount => {
  const account = parseBankAccount(text);
  if (!account) {
    throw new AppError("BANK_ACCOUNT_INVALID", "A bank account number is 4 + 2 + 6 digits: 0133-26-012345.", {
      field: "bank_account",
    });
  }
  return account;
};

/**
 * Spec 7, POST /v1/transfers: checks the deposit and records it as created. The account must be the company's
 * own: a parent's or a subsidiary's is refused with that reason (TRANSFER_RELATED_COMPANY_ACCOUNT), an account
 * under another kennitala with TRANSFER_ACCOUNT_NOT_COMPANY_OWNED. Nothing moves until it is initiated.
 */
export const createTransfer = async (
  deps: AppDeps,
  ctx: ProjectContext,
  input: CreateTransferInput | unknown,
): Promise<TransferDto> => {
  authorizeCreditChange(ctx);
  const args = createTransferInput.parse(input);
  const account = bankAccountOf(args.bank_account);
  const kennitala = parseKennitala(args.holder_kennitala);
  if (!kennitala.ok) {
    throw new AppError("VALIDATION_FAILED", "The account holder's kennitala is not valid.", {
      issues: [{ path: "holder_kennitala", code: kennitala.reason, message: "Not a valid kennitala." }],
    });
  }
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const company = await companyOf(tx, projectId);
    if (!company) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
    const refusal = depositAccountRefusal(args.account_holder, kennitala.value, company.kennitala);
    if (refusal === "TRANSFER_RELATED_COMPANY_ACCOUNT") {
      throw new AppError(
        refusal,
        "A deposit must come from the company's own bank account, not a parent's or a subsidiary's.",
        { account_holder: args.account_holder },
      );
    }
    if (refusal === "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED") {
      throw new AppError(refusal, "The account is held under another kennitala than the company's.");
    }
    const row = await insertTransfer(tx, {
      projectId,
      type: args.type,
      amount: args.amount,
      bankAccount: formatBankAccount(account),
      accountHolder: args.account_holder,
      holderKennitala: kennitala.value,
      createdBy: ctx.user.id,
      now,
    });
    await writeAudit(tx, {
      action: "transfer.create",
      objectType: "transfer",
      objectId: row.id,
      projectId,
      actorUserId: ctx.user.id,
      data: { amount: row.amount, bank_account: row.bank_account },
      requestId: ctx.requestId,
      at: now,
    });
    return toDto(row);
  });
};

/**
 * Spec 7, POST /v1/transfers/{id}/initiate: from now the deposit raises available credit for the current billing
 * period. The transfer row is locked, so initiating twice at once adds it once (the second: TRANSFER_ALREADY_INITIATED).
 */
export const initiateTransferFor = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<TransferDto> => {
  authorizeCreditChange(ctx);
  if (!isUuid(id)) throw notFound();
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, projectId, id);
    if (!transfer) throw notFound();
    if (transfer.status !== "created") {
      throw new AppError("TRANSFER_ALREADY_INITIATED", "The transfer was initiated already.");
    }
    const row = await initiateTransfer(tx, {
      projectId,
      id,
      periodStart: billingPeriodOf(now).from,
      by: ctx.user.id,
      now,
    });
    await writeAudit(tx, {
      action: "transfer.initiate",
      objectType: "transfer",
      objectId: id,
      projectId,
      actorUserId: ctx.user.id,
      data: { amount: row.amount, period_start: row.period_start?.toISOString() ?? null },
      requestId: ctx.requestId,
      at: now,
    });
    return toDto(row);
  });
};

const pageArgs = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: timeCursorFromText.nullish(),
});

/** The company's transfers, newest first, paged by cursor. */
export const transfersFor = async (deps: AppDeps, ctx: ProjectContext, args: unknown) => {
  authorizeCreditChange(ctx);
  const { first, after } = pageArgs.parse(args);
  const limit = first ?? 20;
  const rows = await transfersPage(deps.db, ctx.membership.projectId, after ?? null, limit);
  const page = timePageOf(rows, limit);
  return { nodes: page.nodes.map(({ timeKey: _key, ...row }) => toDto(row)), next_cursor: page.next_cursor };
};

/**
 * Spec 6: "Credit limit changes are requested by e-mail to the card provider's staff". The request goes to the
 * credit desk through the outbox in the transaction that audits it; the staff answer by changing the limit in the
 * platform console. The e-mail is in Icelandic, the provider's language.
 */
export const requestCreditLimitChange = async (
  deps: AppDeps,
  ctx: ProjectContext,
  input: CreditLimitRequestInput | unknown,
): Promise<{ sent_to: string }> => {
  authorizeCreditChange(ctx);
  const args = creditLimitRequestInput.parse(input);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  const to = deps.config.creditDeskEmail;
  await deps.db.transaction(async (tx) => {
    const company = await companyOf(tx, projectId);
    if (!company) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
    const kr = (amount: number) => formatMoney(amount, { locale: "is-IS" });
    const body = [
      `${company.title} (kt. ${formatKennitala(company.kennitala)}) óskar eftir breyttri heimild.`,
      "",
      `Núverandi heimild: ${kr(company.creditLimit)}`,
      `Umbeðin heimild: ${kr(args.requested_limit)}`,
      `Beiðandi: ${ctx.user.fullName} <${ctx.user.email}>`,
      ...(args.message ? ["", "Skilaboð:", args.message] : []),
      "",
      `Verkefni: ${projectId}`,
    ].join("\n");
    await enqueueMessage(tx, {
      channel: "email",
      to,
      subject: `Beiðni um breytta heimild: ${company.title}`,
      body,
      projectId,
    });
    await writeAudit(tx, {
      action: "credit.limit_change_requested",
      objectType: "project",
      objectId: projectId,
      projectId,
      actorUserId: ctx.user.id,
      data: { from: company.creditLimit, requested: args.requested_limit },
      requestId: ctx.requestId,
      at: now,
    });
  });
  return { sent_to: to };
};
