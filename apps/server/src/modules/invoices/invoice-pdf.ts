import { createRequire } from "node:module";
import path from "node:path";
import { billingPeriodName, formatDate, formatMoney, type Locale, parseIsoDate } from "@kort/core";
import PDFDocument from "pdfkit";
import { bankAccountText, type InvoiceDocument, kennitalaText } from "./invoice-document.ts";

/**
 * The invoice as a PDF (A4, pdfkit): issuer and buyer with their kennitölur, number, dates, period, one row per team,
 * the total as `1.234.567 kr.`, the VAT exemption, and how to pay (account, EINDAGI). The font is DejaVu Sans from the
 * dejavu-fonts-ttf package, embedded (subset): pdfkit's built-in Helvetica has no þ or ð.
 */

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const REGULAR = path.join(fontDir, "DejaVuSans.ttf");
const BOLD = path.join(fontDir, "DejaVuSans-Bold.ttf");

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

/** The PDF's bytes. `createdAt` is written as its creation date, so the same invoice makes the same file. */
export const invoicePdf = (doc: InvoiceDocument, locale: Locale, createdAt: Date): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const t = TEXTS[locale];
    const pdf = new PDFDocument({
      size: "A4",
      margin: 50,
      info: { Title: `${t.title} ${doc.number}`, Author: doc.issuer.name, CreationDate: createdAt },
    });
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    pdf.registerFont("regular", REGULAR);
    pdf.registerFont("bold", BOLD);

    const left = 50;
    const right = 545;
    const money = (amount: number) => formatMoney(amount, { locale });

    pdf.font("bold").fontSize(22).text(t.title, left, 50);
    pdf.font("regular").fontSize(10);
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
    for (const [label, value] of facts) {
      pdf.font("bold").text(label, left, y, { width: 150 });
      pdf.font("regular").text(value, left + 150, y, { width: 300 });
      y += 16;
    }

    const party = (title: string, x: number, lines: string[]) => {
      pdf
        .font("bold")
        .fontSize(11)
        .text(title, x, y + 20, { width: 230 });
      pdf.font("regular").fontSize(10);
      lines.forEach((line, index) => {
        pdf.text(line, x, y + 38 + index * 14, { width: 230 });
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
    pdf.font("bold").text(t.line, left, y, { width: 280 });
    pdf.text(t.transactions, 330, y, { width: 80, align: "right" });
    pdf.text(t.amount, 415, y, { width: right - 415, align: "right" });
    y += 16;
    pdf.moveTo(left, y).lineTo(right, y).stroke();
    y += 6;
    pdf.font("regular");
    for (const line of doc.lines) {
      if (y > 700) {
        pdf.addPage();
        y = 50;
      }
      pdf.text(line.description, left, y, { width: 280 });
      pdf.text(String(line.transactionCount), 330, y, { width: 80, align: "right" });
      pdf.text(money(line.amount), 415, y, { width: right - 415, align: "right" });
      y += 16;
    }
    pdf.moveTo(left, y).lineTo(right, y).stroke();
    y += 8;
    pdf.font("bold").fontSize(12).text(t.total, left, y, { width: 300 });
    pdf.text(money(doc.total), 350, y, { width: right - 350, align: "right" });
    y += 26;
    pdf
      .font("regular")
      .fontSize(9)
      .text(t.vatNote, left, y, { width: right - left });
    y += 34;

    pdf.font("bold").fontSize(11).text(t.payment, left, y);
    pdf.font("regular").fontSize(10);
    const payment: [string, string][] = [
      [t.account, bankAccountText(issuer.bankAccount)],
      [t.kennitala, kennitalaText(issuer.kennitala)],
      [t.reference, doc.number],
      [t.finalDueDate, day(doc.dueDate, locale)],
    ];
    y += 18;
    for (const [label, value] of payment) {
      pdf.font("bold").text(label, left, y, { width: 150 });
      pdf.font("regular").text(value, left + 150, y, { width: 300 });
      y += 15;
    }
    pdf.end();
  });
