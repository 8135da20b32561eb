import { billingPeriodDates, currentBillingPeriod, formatMoney } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, outbox, projects, transactions } from "../../platform/db/schema/index.ts";
import { checkUbl } from "../../platform/ubl/ubl-rules.ts";
import { PEPPOL_AVAILABLE, xsdErrors } from "../../platform/ubl/ubl-validation.ts";
import { createReceiptsScene, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { queuePeriodEndInvoices } from "./invoices.service.ts";
import { pdfText } from "./testing/pdf-text.ts";

/**
 * Invoices end to end on the server (issue 15): the period-end job run twice issues one invoice per company whose
 * total is the period's settled spend less refunds; its XML passes the rules and its PDF reads back; invoice readers
 * (owner, accountant) list it, download both files and send it electronically; team admins and employees are
 * refused; another company's invoice is not found.
 */

let s: ReceiptsScene;
let gql: ReturnType<typeof graphqlFor>;
const FIELDS = `id number issue_date due_date issuer total_amount currency period { from to } status file_name
  file_url pdf_url url_expires_at sent_at sent_to`;
type InvoiceJson = {
  id: string;
  number: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  total_amount: number;
  period: { from: string; to: string };
  status: string;
  file_url: string | null;
  pdf_url: string | null;
  sent_at: string | null;
  sent_to: string | null;
};
const LIST = `query { invoices { nodes { ${FIELDS} } next_cursor } }`;
const BY_ID = `query ($id: ID!) { invoice(id: $id) { ${FIELDS} } }`;
const SEND = `mutation ($id: ID!) { send_invoice(id: $id) { ${FIELDS} } }`;
const ISSUE_NOW = `mutation { issue_current_invoice { ${FIELDS} } }`;

const period = () => currentBillingPeriod(s.clock.now());
let kennitala = "";

beforeAll(async () => {
  s = await createReceiptsScene();
  gql = graphqlFor(s.t);
  const [project] = await s.t.db
    .update(projects)
    .set({ addressStreet: "Þórsgata 5", addressPostcode: "101", addressCity: "Reykjavík" })
    .where(eq(projects.id, s.scene.project.id))
    .returning({ kennitala: projects.kennitala });
  kennitala = project?.kennitala ?? "";
  await s.t.db
    .update(projects)
    .set({ addressStreet: "Austurstræti 1", addressPostcode: "101", addressCity: "Reykjavík" })
    .where(eq(projects.id, s.scene.other.id));
  // Beside the scene's three settled purchases (4.590 kr. each, teams mine and theirs): a refund, a purchase not
  // settled yet, and one of the period before, none of which is this period's settled spend but the refund.
  const refund = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
  await s.t.db.update(transactions).set({ transactionAmount: -590 }).where(eq(transactions.id, refund));
  const pending = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
  await s.t.db.update(transactions).set({ closedAt: null }).where(eq(transactions.id, pending));
  const earlier = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
  await s.t.db
    .update(transactions)
    .set({ transactionDate: new Date(period().from.getTime() - 60_000) })
    .where(eq(transactions.id, earlier));
});
afterAll(() => s.t.close());

/** The period's settled spend as SQL sums it: the figure the invoice must equal. */
const settledSum = async (projectId: string) => {
  const { from, to } = period();
  const result = await s.t.db.execute<{ sum: string }>(sql`
    select coalesce(sum(transaction_amount), 0)::text as sum from transactions
     where project_id = ${projectId} and closed_at is not null and transaction_date >= ${from} and transaction_date < ${to}`);
  return Number(result.rows[0]?.sum);
};

const runPeriodEnd = () =>
  queuePeriodEndInvoices({ db: s.t.db, now: s.clock.now(), logger: s.t.logger, tasks: s.t.tasks.queue });

const download = async (url: string) => {
  const response = await s.t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
};

let invoice: InvoiceJson;

describe("the period-end job", () => {
  it("run twice issues one invoice per company, totalling the period's settled spend less refunds", async () => {
    const ended = period();
    s.clock.set(new Date(ended.to.getTime() + 5 * 60_000));
    await runPeriodEnd();
    await runPeriodEnd();
    await s.t.tasks.drain();
    await runPeriodEnd();
    await s.t.tasks.drain();
    s.clock.set(new Date(ended.to.getTime() - 60 * 60_000));

    const rows = await s.t.db.select().from(invoices).where(eq(invoices.projectId, s.scene.project.id));
    expect(rows).toHaveLength(1);
    const expected = await settledSum(s.scene.project.id);
    expect(expected).toBe(3 * 4590 - 590);
    expect(rows[0]?.totalAmount).toBe(expected);
    expect(rows[0]?.periodFrom).toBe(billingPeriodDates(ended).from);
    // The other company is invoiced too, with its own number, one after.
    const other = await s.t.db.select().from(invoices).where(eq(invoices.projectId, s.scene.other.id));
    expect(other).toHaveLength(1);
    const numbers = [rows[0]?.number, other[0]?.number].map((n) => Number(n?.split("-")[1])).sort();
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  });
});

describe("an invoice reader", () => {
  it("lists the invoice: issuer, period, amount, status, and signed links to both files", async () => {
    const body = await gql<{ invoices: { nodes: InvoiceJson[] } }>(LIST, s.scene.accountant.headers);
    expect(body.errors).toBeUndefined();
    const nodes = body.data?.invoices.nodes ?? [];
    expect(nodes).toHaveLength(1);
    invoice = nodes[0] as InvoiceJson;
    expect(invoice).toMatchObject({ issuer: "Kort hf.", total_amount: 3 * 4590 - 590, status: "completed" });
    expect(invoice.period).toEqual(billingPeriodDates(period()));
    expect(invoice.due_date > invoice.issue_date).toBe(true);
    expect(invoice.pdf_url).toMatch(/^\/v1\/invoices\/[0-9a-f-]+\/pdf\?expires=\d+&signature=/);
  });

  it("reads a PDF holding the number, both kennitölur, the total and Icelandic letters", async () => {
    const response = await download(invoice.pdf_url ?? "");
    expect(response.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain("500310-1030");
    expect(text).toContain(`${kennitala.slice(0, 6)}-${kennitala.slice(6)}`);
    expect(text).toContain(formatMoney(invoice.total_amount, { locale: "is-IS" }));
    expect(text).toContain("Þórsgata 5");
    expect(text).toContain("Greiðsluupplýsingar");
  });

  it("downloads XML that passes Kort's rules and the UBL XSD", async () => {
    const response = await download(invoice.file_url ?? "");
    expect(response.headers["content-disposition"]).toContain("attachment");
    const xml = response.rawPayload.toString("utf8");
    expect(checkUbl(xml)).toEqual([]);
    expect(xml).toContain(`<cbc:PayableAmount currencyID="ISK">${invoice.total_amount}</cbc:PayableAmount>`);
    if (PEPPOL_AVAILABLE) expect(await xsdErrors(xml)).toEqual([]);
  });

  it("is refused a link it changed", async () => {
    const response = await s.t.app.inject({ method: "GET", url: (invoice.pdf_url ?? "").replace("/pdf?", "/xml?") });
    expect(response.statusCode).toBe(403);
  });

  it("sends it electronically: the UBL reaches the outbox, and when and where is recorded", async () => {
    const body = await gql<{ send_invoice: InvoiceJson }>(SEND, s.scene.owner.headers, { id: invoice.id });
    expect(body.errors).toBeUndefined();
    expect(body.data?.send_invoice.sent_to).toBe(`0196:${kennitala}`);
    expect(body.data?.send_invoice.sent_at).not.toBeNull();
    const [message] = await s.t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, `0196:${kennitala}`));
    expect(message?.channel).toBe("einvoice");
    expect(message?.body).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(message?.nextAttemptAt).toBeNull();
  });
});

describe("the due date", () => {
  it("is a company setting owners change (0 to 120 days); the next invoice is due that many days after issue", async () => {
    const SET = "mutation ($days: Int!) { set_invoice_due_days(days: $days) { due_days } }";
    const READ = "query { invoice_settings { due_days } }";
    expect((await gql<{ invoice_settings: { due_days: number } }>(READ, s.scene.accountant.headers)).data).toEqual({
      invoice_settings: { due_days: 10 },
    });
    expect(codeOf(await gql(SET, s.scene.accountant.headers, { days: 30 }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(SET, s.scene.owner.headers, { days: 121 }))).toBe("VALIDATION_FAILED");
    expect((await gql(SET, s.scene.owner.headers, { days: 30 })).data).toEqual({
      set_invoice_due_days: { due_days: 30 },
    });
    expect(codeOf(await gql(READ, s.scene.user.headers))).toBe("ACCESS_DENIED");
    // The invoice issued already keeps its date.
    const again = await gql<{ invoice: InvoiceJson }>(BY_ID, s.scene.owner.headers, { id: invoice.id });
    expect(again.data?.invoice.due_date).toBe(invoice.due_date);
    // A purchase two periods on, invoiced there: due 30 days after issue.
    const back = s.clock.now();
    s.clock.set(new Date(period().to.getTime() + 40 * 86_400_000));
    await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
    const issued = await gql<{ issue_current_invoice: InvoiceJson }>(ISSUE_NOW, s.scene.owner.headers);
    s.clock.set(back);
    const later = issued.data?.issue_current_invoice;
    expect(later?.total_amount).toBe(4590);
    const days = (Date.parse(later?.due_date ?? "") - Date.parse(later?.issue_date ?? "")) / 86_400_000;
    expect(days).toBe(30);
  });
});

describe("who may not", () => {
  it("refuses team admins and employees the list, the invoice and sending", async () => {
    for (const caller of [s.scene.teamAdmin, s.scene.user]) {
      expect(codeOf(await gql(LIST, caller.headers))).toBe("ACCESS_DENIED");
      expect(codeOf(await gql(BY_ID, caller.headers, { id: invoice.id }))).toBe("ACCESS_DENIED");
      expect(codeOf(await gql(SEND, caller.headers, { id: invoice.id }))).toBe("ACCESS_DENIED");
    }
  });

  it("answers another company's invoice as not found", async () => {
    expect(codeOf(await gql(BY_ID, s.scene.foreignOwner.headers, { id: invoice.id }))).toBe("NOT_FOUND");
    expect(codeOf(await gql(SEND, s.scene.foreignOwner.headers, { id: invoice.id }))).toBe("NOT_FOUND");
  });

  it("lets only an owner issue the running period now (demo mode), once", async () => {
    expect(codeOf(await gql(ISSUE_NOW, s.scene.accountant.headers))).toBe("ACCESS_DENIED");
    // The scene's clock is back in the invoiced period: issuing now finds that invoice.
    const again = await gql<{ issue_current_invoice: InvoiceJson }>(ISSUE_NOW, s.scene.owner.headers);
    expect(again.data?.issue_current_invoice.id).toBe(invoice.id);
    // In the next period there is no spend yet.
    s.clock.set(new Date(period().to.getTime() + 60_000));
    expect(codeOf(await gql(ISSUE_NOW, s.scene.owner.headers))).toBe("INVOICE_NO_SPEND");
    // Neither attempt used a number: the series (one per year) add up to the invoices issued, so no gap.
    const series = await s.t.db.execute<{ last: number; issued: number }>(
      sql`select (select sum(last_number)::int from invoice_number_series) as last, (select count(*)::int from invoices) as issued`,
    );
    expect(series.rows[0]?.last).toBe(series.rows[0]?.issued);
    expect(series.rows[0]?.issued).toBe(3);
  });
});
