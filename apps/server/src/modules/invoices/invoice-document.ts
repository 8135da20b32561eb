import type { InvoiceIssuer } from "../../platform/config.ts";

/**
 * What an issued invoice says, the one input of both its documents (invoice-ubl.ts, invoice-pdf.ts), so the PDF and
 * the XML can never disagree. Amounts are whole krónur (ISK has no minor unit), dates `YYYY-MM-DD`.
 */
export type InvoiceBuyer = {
  name: string;
  /** 10 digits. */
  kennitala: string;
  street: string;
  postcode: string;
  city: string;
};

export type InvoiceDocumentLine = { description: string; amount: number; transactionCount: number };

export type InvoiceDocument = {
  number: string;
  issueDate: string;
  dueDate: string;
  /** The period's first day (the 27th) and inclusive last day (the 26th). */
  periodFrom: string;
  periodTo: string;
  issuer: InvoiceIssuer;
  buyer: InvoiceBuyer;
  lines: InvoiceDocumentLine[];
  /** The sum of the lines. */
  total: number;
};

/** `4701191010` → `470119-1010`, as a kennitala is written. */
export const kennitalaText = (digits: string): string => `${digits.slice(0, 6)}-${digits.slice(6)}`;

/** `013326012345` → `0133-26-012345`: bank, ledger, account, as Icelandic banks print it. */
export const bankAccountText = (digits: string): string =>
  `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;

/**
 * Why card spend carries no VAT on the platform's invoice: the platform passes on what the company's cards paid
 * merchants (whose VAT is on their own receipts); it is a payment service, exempt (Peppol category E, BR-E-10).
 */
export const VAT_EXEMPTION_REASON =
  "Greiðsluþjónusta, undanþegin virðisaukaskatti (3. mgr. 2. gr. laga nr. 50/1988) / Payment services, exempt from VAT";
