import { DEMO_ISSUER } from "../../../platform/config.ts";
import type { InvoiceDocument } from "../invoice-document.ts";

/** An invoice of three teams (one with more refunds than purchases), Icelandic letters in names. */
export const sampleInvoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: "2026-000042",
  issueDate: "2026-11-27",
  dueDate: "2026-12-07",
  periodFrom: "2026-10-27",
  periodTo: "2026-11-26",
  issuer: DEMO_ISSUER,
  buyer: {
    name: "Æðarvörp Þórðar ehf.",
    kennitala: "4701191010",
    street: "Laugavegur 26",
    postcode: "101",
    city: "Reykjavík",
  },
  lines: [
    { description: "Söludeild", amount: 1_234_000, transactionCount: 12 },
    { description: "Þróun", amount: 567, transactionCount: 1 },
    { description: "ÚTGERÐ", amount: -1_200, transactionCount: 1 },
  ],
  total: 1_233_367,
  ...overrides,
});
