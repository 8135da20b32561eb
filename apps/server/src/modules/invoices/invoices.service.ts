import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  addDaysUtc,
  type BillingPeriod,
  billingPeriodDates,
  billingPeriodStartingIn,
  currentBillingPeriod,
  isoDate,
  isUuid,
  type JobStatus,
  previousBillingPeriod,
  storedLocale,
} from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db/client.ts";
import { encodeCursor, pageOf, timeCursorFromText } from "../../platform/db/keyset-cursor.ts";
import { createEInvoiceSender } from "../../platform/einvoicing/einvoicing.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import { type AppDeps, FileAnswer } from "../../platform/http/rest.ts";
import type { JobContext, TaskDeps } from "../../platform/jobs/jobs.ts";
import { KENNITALA_SCHEME } from "../../platform/ubl/peppol.ts";
import type { InvoiceBuyer, InvoiceDocument } from "./invoice-document.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { checkedInvoiceUbl } from "./invoice-ubl.ts";
import {
  buyerOf,
  dueDaysSetting,
  findInvoice,
  type InvoiceRecord,
  insertInvoice,
  invoiceFileOf,
  invoiceIdForPeriod,
  invoicesPage,
  markSent,
  projectsToInvoice,
  setDueDaysSetting,
  spendByTeam,
  takeInvoiceNumber,
} from "./invoices.repo.ts";

/**
 * Invoices from the card provider (issue 15, docs/invoices.md). At each period's end a job finds the companies with
 * settled spend and queues one task each; a task issues the invoice in one transaction: the issuer's next number
 * (gap-free), the lines per team, the UBL checked by Kort's rules and the PDF stored, the row written. One invoice
 * per company and period (a unique key, checked under the number's lock), so any rerun issues nothing new.
 */

export const INVOICES_QUEUE = "invoices.issue";
/** Days from issue to due date when the company has set none (projects.preferences.invoice_due_days). */
export const DEFAULT_DUE_DAYS = 10;
/** The longest due date a company may set: beyond it an invoice is credit, not a bill. */
export const MAX_DUE_DAYS = 120;

export type InvoiceDto = {
  id: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  issuer: string;
  total_amount: number;
  currency: string;
  period: { from: string; to: string };
  status: JobStatus;
  file_name: string | null;
  file_url: string | null;
  pdf_url: string | null;
  url_expires_at: Date | null;
  sent_at: Date | null;
  sent_to: string | null;
};

export const invoiceFilePath = (id: string, kind: "xml" | "pdf") => `/v1/invoices/${id}/${kind}`;

const toDto = (deps: Pick<AppDeps, "links" | "now">, row: InvoiceRecord): InvoiceDto => {
  const expiresAt = deps.links.expiryFrom(deps.now());
  const xml = row.file_blob_key ? deps.links.sign(invoiceFilePath(row.id, "xml"), expiresAt) : null;
  const pdf = row.pdf_blob_key ? deps.links.sign(invoiceFilePath(row.id, "pdf"), expiresAt) : null;
  return {
    id: row.id,
    number: row.number,
    issue_date: row.issue_date,
    due_date: row.due_date,
    issuer: row.issuer,
    total_amount: Number(row.total_amount),
    currency: row.currency,
    period: { from: row.period_from, to: row.period_to },
    status: row.status,
    file_name: row.file_name,
    file_url: xml?.url ?? null,
    pdf_url: pdf?.url ?? null,
    url_expires_at: xml?.expiresAt ?? pdf?.expiresAt ?? null,
    sent_at: row.sent_at ? new Date(row.sent_at) : null,
    sent_to: row.sent_to,
  };
};

// ---- Issuing ----

const dueDaysOf = (text: string | null): number => {
  const days = Number(text);
  return text !== null && Number.isInteger(days) && days >= 0 && days <= MAX_DUE_DAYS ? days : DEFAULT_DUE_DAYS;
};

type IssueDeps = { db: Db; blobs: BlobStore; config: Pick<Config, "issuer">; now: () => Date };

/**
 * Thrown inside the issuing transaction to roll it back, giving the number back: the period is invoiced already
 * (`id`), or has nothing to invoice (null).
 */
class NotIssued extends Error {
  constructor(readonly id: string | null) {
    super("not issued");
  }
}

/**
 * Issues the company's invoice for `period` (or finds the one issued), dated `issueDate`. Null when the period has
 * no spend to invoice (nothing settled, or refunds outweigh purchases: a credit is not an invoice).
 */
export const issueInvoice = async (
  deps: IssueDeps,
  input: { projectId: string; period: BillingPeriod; issueDate: Date },
): Promise<{ id: string; created: boolean } | null> => {
  const issuer = deps.config.issuer;
  if (!issuer) throw new AppError("INVOICE_ISSUER_MISSING", "Set KORT_ISSUER_* to issue invoices.");
  const dates = billingPeriodDates(input.period);
  try {
    return await deps.db.transaction(async (tx) => {
      const issueDate = isoDate(input.issueDate);
      const year = input.issueDate.getUTCFullYear();
      const sequence = await takeInvoiceNumber(tx, issuer.kennitala, year);
      // Under the number's lock: a second issuer of the same period waits here, then sees the first one's invoice.
      const existing = await invoiceIdForPeriod(tx, input.projectId, dates.from);
      if (existing) throw new NotIssued(existing);
      const buyerRow = await buyerOf(tx, input.projectId);
      if (!buyerRow) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
      const spend = await spendByTeam(tx, input.projectId, input.period.from, input.period.to);
      const lines = spend.map((row) => ({
        teamId: row.team_id,
        description: row.team_name ?? buyerRow.title,
        amount: Number(row.amount),
        transactionCount: row.count,
      }));
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      if (lines.length === 0 || total <= 0) throw new NotIssued(null);
      const buyer: InvoiceBuyer = {
        name: buyerRow.title,
        kennitala: buyerRow.kennitala,
        street: buyerRow.street ?? "",
        postcode: buyerRow.postcode ?? "",
        city: buyerRow.city ?? "",
      };
      const number = `${year}-${String(sequence).padStart(6, "0")}`;
      const document: InvoiceDocument = {
        number,
        issueDate,
        dueDate: isoDate(addDaysUtc(input.issueDate, dueDaysOf(buyerRow.due_days))),
        periodFrom: dates.from,
        periodTo: dates.to,
        issuer,
        buyer,
        lines,
        total,
      };
      // Checked before anything is stored: a document the rules refuse rolls the whole invoice back.
      const xml = checkedInvoiceUbl(document);
      const locale = storedLocale(buyerRow.owner_locale);
      const pdf = await invoicePdf(document, locale, deps.now());
      const id = randomUUID();
      const stem = `reikningur-${number}`;
      const keys = { xml: `invoices/${input.projectId}/${id}.xml`, pdf: `invoices/${input.projectId}/${id}.pdf` };
      await deps.blobs.put(keys.xml, Buffer.from(xml, "utf8"), { contentType: "application/xml" });
      await deps.blobs.put(keys.pdf, pdf, { contentType: "application/pdf" });
      await insertInvoice(tx, {
        id,
        projectId: input.projectId,
        number,
        issueDate,
        dueDate: document.dueDate,
        issuer: issuer.name,
        issuerKennitala: issuer.kennitala,
        total,
        periodFrom: dates.from,
        periodTo: dates.to,
        fileName: `${stem}.xml`,
        fileBlobKey: keys.xml,
        pdfBlobKey: keys.pdf,
        parties: { issuer, buyer },
        locale,
        lines,
        now: deps.now(),
      });
      await writeAudit(tx, {
        action: "invoice.issue",
        objectType: "invoice",
        objectId: id,
        projectId: input.projectId,
        data: { number, total, period_from: dates.from },
        at: deps.now(),
      });
      return { id, created: true };
    });
  } catch (error) {
    if (error instanceof NotIssued) return error.id === null ? null : { id: error.id, created: false };
    throw error;
  }
};

/** The period that ended last at `now` (the job runs just after it, on the 27th). */
export const periodEndedBefore = (now: Date): BillingPeriod => previousBillingPeriod(currentBillingPeriod(now));

/**
 * The period-end job (the 27th, 00:05 UTC, and at start): one task per company with spend in the period just ended
 * and no invoice for it. Sending twice is harmless: the task issues nothing for an invoiced period.
 */
export const queuePeriodEndInvoices = async (ctx: JobContext): Promise<void> => {
  const period = periodEndedBefore(ctx.now);
  const from = billingPeriodDates(period).from;
  const projects = await projectsToInvoice(ctx.db, period.from, period.to, from);
  for (const projectId of projects) await ctx.tasks.send(INVOICES_QUEUE, { project_id: projectId, period_from: from });
  if (projects.length > 0) ctx.logger.info({ period_from: from, projects: projects.length }, "invoices queued");
};

const taskSchema = z.object({ project_id: z.uuid(), period_from: z.iso.date() });

/** The task: one company's invoice for one period, issued the day after the period (its 26th) ends. */
export const runIssueInvoice = async (deps: TaskDeps, data: Record<string, unknown>): Promise<void> => {
  const parsed = taskSchema.safeParse(data);
  if (!parsed.success) return;
  const [year, month] = parsed.data.period_from.split("-").map(Number);
  const period = billingPeriodStartingIn(year ?? 0, (month ?? 1) - 1);
  try {
    await issueInvoice(deps, { projectId: parsed.data.project_id, period, issueDate: deps.now() });
  } catch (error) {
    // The ids and the code, never the document: a refused invoice is found again by the next run.
    deps.logger.error(
      { err: error, project: parsed.data.project_id, period_from: parsed.data.period_from },
      "invoice failed",
    );
    throw error;
  }
};

// ---- Reading ----

const pageSchema = z.object({ first: z.int().min(1).max(50).nullish(), after: timeCursorFromText.nullish() });

/** Spec 7, invoices list: invoice read, newest period first. */
export const invoicesFor = async (deps: AppDeps, ctx: ProjectContext, raw: unknown) => {
  authorize(ctx, "invoice", "read", { project_id: ctx.membership.projectId });
  const page = pageSchema.parse(raw);
  const limit = page.first ?? 24;
  const rows = await invoicesPage(deps.db, ctx.membership.projectId, { after: page.after ?? null, limit: limit + 1 });
  const { nodes, next_cursor } = pageOf(rows, limit, (last) => encodeCursor({ value: last.period_from, id: last.id }));
  return { nodes: nodes.map((row) => toDto(deps, row)), next_cursor };
};

/** Deny first (a role that may never read invoices learns nothing of ids), then the company's invoice or none. */
const loadInvoice = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<InvoiceRecord> => {
  authorize(ctx, "invoice", "read", { project_id: ctx.membership.projectId });
  const row = isUuid(id) ? await findInvoice(deps.db, ctx.membership.projectId, id) : null;
  if (!row) throw new AppError("NOT_FOUND", "The invoice was not found.");
  return row;
};

/** Spec 7, invoice by id (its pdf_url and file_url, fresh signed links). */
export const invoiceFor = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<InvoiceDto> =>
  toDto(deps, await loadInvoice(deps, ctx, id));

/**
 * Demo mode: an owner issues the running period's invoice now, so a fresh start has one to look at. The period-end
 * job then finds the period invoiced and leaves it.
 */
export const issueCurrentInvoice = async (deps: AppDeps, ctx: ProjectContext): Promise<InvoiceDto> => {
  authorize(ctx, "invoice", "read", { project_id: ctx.membership.projectId });
  if (!deps.config.demoMode || ctx.membership.role !== "project_owner") {
    throw new AppError("ACCESS_DENIED", "Access denied. Please contact your team admin.", {
      resource: "invoice",
      action: "issue",
    });
  }
  const now = deps.now();
  const issued = await issueInvoice(deps, {
    projectId: ctx.membership.projectId,
    period: currentBillingPeriod(now),
    issueDate: now,
  });
  if (!issued) throw new AppError("INVOICE_NO_SPEND", "There is no settled spend to invoice in this period.");
  return invoiceFor(deps, ctx, issued.id);
};

// ---- Sending ----

/**
 * Send electronically (spec 2, 8): the stored UBL to the e-invoicing adapter, addressed to the company's kennitala
 * under 0196; when and where it went is recorded in the same transaction as the outbox message.
 */
export const sendInvoice = async (deps: AppDeps, ctx: ProjectContext, id: string): Promise<InvoiceDto> => {
  const row = await loadInvoice(deps, ctx, id);
  if (!row.file_blob_key) throw new AppError("CONFLICT", "The invoice has no document yet.");
  const blob = await deps.blobs.get(row.file_blob_key);
  if (!blob) throw new AppError("NOT_FOUND", "The invoice's document was not found.");
  const xml = await textOf(blob.stream);
  const buyer = (row.parties.buyer ?? {}) as Partial<InvoiceBuyer>;
  const sender = createEInvoiceSender(deps.config);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const receipt = await sender.send(tx, {
      documentId: row.number,
      sender: `${KENNITALA_SCHEME}:${row.issuer_kennitala}`,
      receiver: `${KENNITALA_SCHEME}:${buyer.kennitala ?? ""}`,
      xml,
      projectId: row.project_id,
    });
    await markSent(tx, row.project_id, row.id, receipt.sentTo, now);
    await writeAudit(tx, {
      action: "invoice.send",
      objectType: "invoice",
      objectId: row.id,
      projectId: row.project_id,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { to: receipt.sentTo, channel: receipt.channel },
      at: now,
    });
  });
  return invoiceFor(deps, ctx, row.id);
};

const textOf = async (stream: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
};

/** A signed link's target: the invoice's PDF (shown inline, in the viewer) or its XML (saved). */
export const openInvoiceFile = async (
  deps: AppDeps,
  id: string,
  kind: "xml" | "pdf",
  query: { expires?: string; signature?: string },
): Promise<FileAnswer> => {
  const now = deps.now();
  deps.links.verify(invoiceFilePath(id, kind), query, now);
  const row = isUuid(id) ? await invoiceFileOf(deps.db, id) : null;
  const key = kind === "xml" ? row?.file_blob_key : row?.pdf_blob_key;
  if (!row || !key) throw new AppError("NOT_FOUND", "The invoice was not found.");
  const blob = await deps.blobs.get(key);
  if (!blob) throw new AppError("NOT_FOUND", "The invoice's file was not found.");
  return new FileAnswer({
    stream: blob.stream,
    size: blob.size,
    contentType: kind === "xml" ? "application/xml" : "application/pdf",
    fileName: `reikningur-${row.number}.${kind}`,
    disposition: kind === "pdf" ? "inline" : "attachment",
    maxAgeSeconds: (Number(query.expires) * 1000 - now.getTime()) / 1000,
  });
};

// ---- The due-date setting ----

export type InvoiceSettingsDto = { due_days: number };

/** Invoice readers see the company's due-date setting (days from issue, 10 unless set). */
export const invoiceSettingsFor = async (deps: AppDeps, ctx: ProjectContext): Promise<InvoiceSettingsDto> => {
  authorize(ctx, "invoice", "read", { project_id: ctx.membership.projectId });
  return { due_days: dueDaysOf(await dueDaysSetting(deps.db, ctx.membership.projectId)) };
};

const dueDaysSchema = z.object({ days: z.int().min(0).max(MAX_DUE_DAYS) });

/**
 * The company's due date for its next invoices: a company setting, so project owners set it, asked as the other
 * owner-only company settings are (tax-category manage, as the plan). Invoices issued keep their dates.
 */
export const setInvoiceDueDays = async (
  deps: AppDeps,
  ctx: ProjectContext,
  input: { days?: unknown },
): Promise<InvoiceSettingsDto> => {
  authorize(ctx, "tax-category", "manage", { project_id: ctx.membership.projectId });
  const { days } = dueDaysSchema.parse(input);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await setDueDaysSetting(tx, ctx.membership.projectId, days, now);
    await writeAudit(tx, {
      action: "invoice.set_due_days",
      objectType: "project",
      objectId: ctx.membership.projectId,
      projectId: ctx.membership.projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      data: { days },
      at: now,
    });
  });
  return { due_days: days };
};
