import { billingPeriodName, formatDate, formatMoney, type Locale, parseIsoDate } from "@kort/core";
import { drawPdf, type PdfDrawing, type PdfFont, type PdfStep } from "../../platform/pdf/pdf-drawing.ts";
import { bankAccountText, type InvoiceDocument, kennitalaText } from "./invoice-document.ts";

/**
 * The invoice as a PDF (A4): issuer and buyer with their kennitölur, number, dates, period, one row per team, the
 * total as `1.234.567 kr.`, the VAT exemption, and how to pay (account, EINDAGI). Written here as drawing steps in
 * the reader's language; drawn in the PDF thread (platform/pdf), off the thread that answers requests.
 */

type Texts = {
  title: string;
  number: string;
  issueDate: string;
  dueDate: string;
  finalDueDate: string;
  period: string;
  issuer: string;
  buyer: string;
  kennitala: string;
  vatNumber: string;
  line: string;
  transactions: string;
  amount: string;
  total: string;
  vatNote: string;
  payment: string;
  account: string;
  reference: string;
};

const TEXTS: Record<Locale, Texts> = {
  "is-IS": {
    title: "Reikningur",
    number: "Reikningsnúmer",
    issueDate: "Útgáfudagur",
    dueDate: "Gjalddagi",
    finalDueDate: "EINDAGI",
    period: "Tímabil",
    issuer: "Seljandi",
    buyer: "Kaupandi",
    kennitala: "Kt.",
    vatNumber: "VSK-nr.",
    line: "Lýsing",
    transactions: "Færslur",
    amount: "Upphæð",
    total: "Samtals til greiðslu",
    vatNote: "Kortavelta er undanþegin virðisaukaskatti (greiðsluþjónusta, 3. mgr. 2. gr. laga nr. 50/1988).",
    payment: "Greiðsluupplýsingar",
    account: "Bankareikningur",
    reference: "Tilvísun",
  },
  "en-US": {
    title: "Invoice",
    number: "Invoice number",
    issueDate: "Issue date",
    dueDate: "Due date",
    finalDueDate: "EINDAGI (final due date)",
    period: "Period",
    issuer: "Seller",
    buyer: "Buyer",
    kennitala: "Kennitala",
    vatNumber: "VAT no.",
    line: "Description",
    transactions: "Transactions",
    amount: "Amount",
    total: "Total payable",
    vatNote: "Card spend is exempt from VAT (payment services, Icelandic VAT Act no. 50/1988, art. 2(3)).",
    payment: "Payment details",
    account: "Bank account",
    reference: "Reference",
  },
};

const day = (text: string, locale: Locale): string => {
  const date = parseIsoDate(text);
  return date ? formatDate(date, locale) : text;
};

/** Where a line row below this would start, the lines go on a new page. */
const PAGE_BOTTOM = 700;

/** The invoice's drawing: every text in `locale`, at its place on the page. */
const invoiceDrawing = (doc: InvoiceDocument, locale: Locale, createdAt: Date): PdfDrawing => {
  const t = TEXTS[locale];
  const left = 50;
  const right = 545;
  const steps: PdfStep[] = [];
  const font = (name: PdfFont, size?: number) => steps.push(size === undefined ? { font: name } : { font: name, size });
  const text = (value: string, x: number, y: number, width?: number, align?: "right") =>
    steps.push({ text: value, x, y, ...(width === undefined ? {} : { width }), ...(align ? { align } : {}) });
  const rule = (y: number) => steps.push({ line: [left, y, right, y] });
  const money = (amount: number) => formatMoney(amount, { locale });

  font("bold", 22);
  text(t.title, left, 50);
  font("regular", 10);
  const facts: [string, string][] = [
    [t.number, doc.number],
    [t.issueDate, day(doc.issueDate, locale)],
    [t.dueDate, day(doc.dueDate, locale)],
    [t.finalDueDate, day(doc.dueDate, locale)],
    [
      t.period,
      `${billingPeriodName(doc.periodTo, locale)} (${day(doc.periodFrom, locale)} – ${day(doc.periodTo, locale)})`,
    ],
  ];
  let y = 90;
  /** Labelled values, a row each: the label bold, the value beside it. */
  const rows = (pairs: [string, string][], rowHeight: number) => {
    for (const [label, value] of pairs) {
      font("bold");
      text(label, left, y, 150);
      font("regular");
      text(value, left + 150, y, 300);
      y += rowHeight;
    }
  };
  rows(facts, 16);

  const party = (title: string, x: number, lines: string[]) => {
    font("bold", 11);
    text(title, x, y + 20, 230);
    font("regular", 10);
    lines.forEach((line, index) => {
      text(line, x, y + 38 + index * 14, 230);
    });
  };
  const { issuer, buyer } = doc;
  party(t.issuer, left, [
    issuer.name,
    `${t.kennitala} ${kennitalaText(issuer.kennitala)}`,
    `${t.vatNumber} ${issuer.vatNumber}`,
    issuer.street,
    `${issuer.postcode} ${issuer.city}`,
  ]);
  party(t.buyer, 310, [
    buyer.name,
    `${t.kennitala} ${kennitalaText(buyer.kennitala)}`,
    buyer.street,
    `${buyer.postcode} ${buyer.city}`,
  ]);
  y += 130;

  // The lines: description, count, amount right-aligned.
  font("bold");
  text(t.line, left, y, 280);
  text(t.transactions, 330, y, 80, "right");
  text(t.amount, 415, y, right - 415, "right");
  y += 16;
  rule(y);
  y += 6;
  font("regular");
  for (const line of doc.lines) {
    if (y > PAGE_BOTTOM) {
      steps.push({ newPage: true });
      y = 50;
    }
    text(line.description, left, y, 280);
    text(String(line.transactionCount), 330, y, 80, "right");
    text(money(line.amount), 415, y, right - 415, "right");
    y += 16;
  }
  rule(y);
  y += 8;
  font("bold", 12);
  text(t.total, left, y, 300);
  text(money(doc.total), 350, y, right - 350, "right");
  y += 26;
  font("regular", 9);
  text(t.vatNote, left, y, right - left);
  y += 34;

  font("bold", 11);
  text(t.payment, left, y);
  font("regular", 10);
  const payment: [string, string][] = [
    [t.account, bankAccountText(issuer.bankAccount)],
    [t.kennitala, kennitalaText(issuer.kennitala)],
    [t.reference, doc.number],
    [t.finalDueDate, day(doc.dueDate, locale)],
  ];
  y += 18;
  rows(payment, 15);
  return { info: { title: `${t.title} ${doc.number}`, author: doc.issuer.name, createdAt }, steps };
};

/** The PDF's bytes. `createdAt` is written as its creation date, so the same invoice makes the same file. */
export const invoicePdf = (doc: InvoiceDocument, locale: Locale, createdAt: Date): Promise<Buffer> =>
  drawPdf(invoiceDrawing(doc, locale, createdAt));
