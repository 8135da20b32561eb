import type { JobStatus } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/**
 * Invoices in SQL, every statement naming the company but the period-end scan (which finds the companies) and the
 * signed link's read (the link is the authority). A period's spend is its settled transactions by transaction date,
 * as the credit balances count it (docs/balances.md): purchases positive, refunds negative.
 */

export type InvoiceRecord = {
  id: string;
  project_id: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  issuer: string;
  issuer_kennitala: string;
  /** bigint as pg sends it, exact. */
  total_amount: string;
  currency: string;
  period_from: string;
  period_to: string;
  status: JobStatus;
  file_name: string | null;
  file_blob_key: string | null;
  pdf_blob_key: string | null;
  sent_at: Date | null;
  sent_to: string | null;
  parties: Record<string, unknown>;
  locale: string;
  created_at: Date;
};

const COLUMNS = sql`id, project_id, number, issue_date::text as issue_date, due_date::text as due_date, issuer,
  issuer_kennitala, total_amount, currency, period_from::text as period_from, period_to::text as period_to, status,
  file_name, file_blob_key, pdf_blob_key, sent_at, sent_to, parties, locale, created_at`;

/** Companies with settled spend in [from, to) and no invoice for the period yet (each probe on its own index). */
export const projectsToInvoice = async (db: Executor, from: Date, to: Date, periodFrom: string): Promise<string[]> => {
  const result = await db.execute<{ id: string }>(sql`
    select p.id from projects p
     where exists (select 1 from transactions t
                    where t.project_id = p.id and t.transaction_date >= ${from} and t.transaction_date < ${to}
                      and t.closed_at is not null)
       and not exists (select 1 from invoices i where i.project_id = p.id and i.period_from = ${periodFrom})
     order by p.id`);
  return result.rows.map((row) => row.id);
};

export type BuyerRow = {
  title: string;
  kennitala: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
  due_days: string | null;
  owner_locale: string | null;
};

/** The company as the buyer, its due-date setting and its first owner's language (the PDF's). */
export const buyerOf = async (db: Executor, projectId: string): Promise<BuyerRow | null> => {
  const result = await db.execute<BuyerRow>(sql`
    select p.title, p.kennitala, p.address_street as street, p.address_postcode as postcode, p.address_city as city,
           p.preferences ->> 'invoice_due_days' as due_days,
           (select u.locale from project_members m join users u on u.id = m.user_id
             where m.project_id = p.id and m.role = 'project_owner' order by m.created_at, m.id limit 1) as owner_locale
      from projects p where p.id = ${projectId}`);
  return result.rows[0] ?? null;
};

export type SpendLineRow = { team_id: string | null; team_name: string | null; amount: string; count: number };

/** The period's settled spend per team (null: transactions of no team), teams by name. */
export const spendByTeam = async (db: Executor, projectId: string, from: Date, to: Date): Promise<SpendLineRow[]> => {
  const result = await db.execute<SpendLineRow>(sql`
    select t.team_id, tm.name as team_name, sum(t.transaction_amount)::text as amount, count(*)::int as count
      from transactions t left join teams tm on tm.project_id = t.project_id and tm.id = t.team_id
     where t.project_id = ${projectId} and t.transaction_date >= ${from} and t.transaction_date < ${to}
       and t.closed_at is not null
     group by t.team_id, tm.name
     order by tm.name nulls last, t.team_id`);
  return result.rows;
};

/**
 * The issuer's next number of the year, gap-free: the row's lock is held until the caller's transaction ends, so
 * numbers are taken one at a time and a rolled-back invoice gives its number back.
 */
export const takeInvoiceNumber = async (tx: Executor, issuerKennitala: string, year: number): Promise<number> => {
  const result = await tx.execute<{ last_number: number }>(sql`
    insert into invoice_number_series (issuer_kennitala, year, last_number) values (${issuerKennitala}, ${year}, 1)
    on conflict (issuer_kennitala, year) do update set last_number = invoice_number_series.last_number + 1
    returning last_number`);
  const row = result.rows[0];
  if (!row) throw new Error("No invoice number");
  return row.last_number;
};

export const invoiceIdForPeriod = async (
  db: Executor,
  projectId: string,
  periodFrom: string,
): Promise<string | null> => {
  const result = await db.execute<{ id: string }>(
    sql`select id from invoices where project_id = ${projectId} and period_from = ${periodFrom}`,
  );
  return result.rows[0]?.id ?? null;
};

export type NewInvoice = {
  id: string;
  projectId: string;
  number: string;
  issueDate: string;
  dueDate: string;
  issuer: string;
  issuerKennitala: string;
  total: number;
  periodFrom: string;
  periodTo: string;
  fileName: string;
  fileBlobKey: string;
  pdfBlobKey: string;
  parties: Record<string, unknown>;
  locale: string;
  lines: { teamId: string | null; description: string; amount: number; transactionCount: number }[];
  now: Date;
};

export const insertInvoice = async (tx: Executor, values: NewInvoice): Promise<void> => {
  await tx.execute(sql`
    insert into invoices (id, project_id, number, issue_date, due_date, issuer, issuer_kennitala, total_amount,
                          currency, period_from, period_to, status, file_name, file_blob_key, pdf_blob_key, parties,
                          locale, created_at, updated_at)
    values (${values.id}, ${values.projectId}, ${values.number}, ${values.issueDate}, ${values.dueDate},
            ${values.issuer}, ${values.issuerKennitala}, ${values.total}, 'ISK', ${values.periodFrom},
            ${values.periodTo}, 'completed', ${values.fileName}, ${values.fileBlobKey}, ${values.pdfBlobKey},
            ${JSON.stringify(values.parties)}::jsonb, ${values.locale}, ${values.now}, ${values.now})`);
  // One statement for all lines (a company may have many teams).
  await tx.execute(sql`
    insert into invoice_lines (project_id, invoice_id, line_no, team_id, description, amount, transaction_count)
    select ${values.projectId}::uuid, ${values.id}::uuid, l.line_no, l.team_id, l.description, l.amount,
           l.transaction_count
      from jsonb_to_recordset(${JSON.stringify(
        values.lines.map((line, index) => ({
          line_no: index + 1,
          team_id: line.teamId,
          description: line.description,
          amount: line.amount,
          transaction_count: line.transactionCount,
        })),
      )}::jsonb) as l(line_no int, team_id uuid, description text, amount bigint, transaction_count int)`);
};

export const findInvoice = async (db: Executor, projectId: string, id: string): Promise<InvoiceRecord | null> => {
  const result = await db.execute<InvoiceRecord>(
    sql`select ${COLUMNS} from invoices where project_id = ${projectId} and id = ${id}`,
  );
  return result.rows[0] ?? null;
};

/** Newest period first, keyset on (period_from, id). */
export const invoicesPage = async (
  db: Executor,
  projectId: string,
  options: { after: KeysetCursor | null; limit: number },
): Promise<InvoiceRecord[]> => {
  const after = options.after;
  const result = await db.execute<InvoiceRecord>(sql`
    select ${COLUMNS} from invoices
     where project_id = ${projectId}
       ${after ? sql`and ${afterTimeCursor(sql`period_from`, sql`id`, after, { type: "date" })}` : sql``}
     order by period_from desc, id desc
     limit ${options.limit}`);
  return result.rows;
};

export const markSent = async (tx: Executor, projectId: string, id: string, to: string, at: Date): Promise<void> => {
  await tx.execute(
    sql`update invoices set sent_at = ${at}, sent_to = ${to}, updated_at = ${at}
         where project_id = ${projectId} and id = ${id}`,
  );
};

/** A signed link's file: the invoice's blob key by its id (the link is the authority, not a session). */
export const invoiceFileOf = async (
  db: Executor,
  id: string,
): Promise<{ number: string; file_blob_key: string | null; pdf_blob_key: string | null } | null> => {
  const result = await db.execute<{ number: string; file_blob_key: string | null; pdf_blob_key: string | null }>(
    sql`select number, file_blob_key, pdf_blob_key from invoices where id = ${id} and status = 'completed'`,
  );
  return result.rows[0] ?? null;
};

/** The company's due-date setting (`preferences.invoice_due_days`), null when it has set none. */
export const dueDaysSetting = async (db: Executor, projectId: string): Promise<string | null> => {
  const result = await db.execute<{ days: string | null }>(
    sql`select preferences ->> 'invoice_due_days' as days from projects where id = ${projectId}`,
  );
  return result.rows[0]?.days ?? null;
};

export const setDueDaysSetting = async (tx: Executor, projectId: string, days: number, at: Date): Promise<void> => {
  await tx.execute(sql`
    update projects set preferences = jsonb_set(preferences, '{invoice_due_days}', to_jsonb(${days}::int)),
                        updated_at = ${at}
     where id = ${projectId}`);
};
