import type { Db } from "../../platform/db/client.ts";
import { builder } from "../../platform/graphql/builder.ts";
import { requestBatcher } from "../../platform/graphql/request-batch.ts";
import { requireProject } from "../../platform/http/context.ts";
import { Receipt } from "../receipts/receipts.graphql.ts";
import type { ReadingWithTransaction } from "./reading.repo.ts";
import { disagreementsOf, readingsOf } from "./reading.service.ts";

/** What Kort read from a receipt (issue 18), on the receipt: null until it has been read. */

type VatDto = ReadingWithTransaction["vat"][number];

const ReadVat = builder.objectRef<VatDto>("ReceiptReadVat").implement({
  fields: (t) => ({
    rate_basis_points: t.int({ description: "24% is 2400.", resolve: (vat) => vat.basis_points }),
    amount: t.exposeInt("amount", { description: "Whole krónur." }),
    confidence: t.exposeFloat("confidence", { description: "0 to 1." }),
  }),
});

const ReadingStatusEnum = builder.enumType("ReceiptReadingStatus", {
  values: { read: { description: "Fields were read." }, unread: { description: "The file could not be read." } },
});
const ReadingSourceEnum = builder.enumType("ReceiptReadingSource", { values: ["pdf_text", "ocr"] as const });
const DisagreementEnum = builder.enumType("ReceiptDisagreement", {
  values: {
    TOTAL: { description: "The receipt's total is not the purchase's amount." },
    DATE: { description: "The receipt's date is more than a day from the purchase's." },
  },
});

const ReadConfidence = builder.objectRef<ReadingWithTransaction["confidence"]>("ReceiptReadConfidence").implement({
  description: "How sure the reader is of each field, 0 to 1; null when the field was not read.",
  fields: (t) => ({
    total: t.float({ nullable: true, resolve: (c) => c.total ?? null }),
    date: t.float({ nullable: true, resolve: (c) => c.date ?? null }),
    kennitala: t.float({ nullable: true, resolve: (c) => c.kennitala ?? null }),
    last_four: t.float({ nullable: true, resolve: (c) => c.last_four ?? null }),
    merchant: t.float({ nullable: true, resolve: (c) => c.merchant ?? null }),
    vat_number: t.float({ nullable: true, resolve: (c) => c.vat_number ?? null }),
    address: t.float({ nullable: true, resolve: (c) => c.address ?? null }),
  }),
});

const ProposedTaxCategory = builder
  .objectRef<{ id: string; code: string }>("ReceiptProposedTaxCategory")
  .implement({ fields: (t) => ({ id: t.exposeID("id"), code: t.exposeString("code") }) });

const ReceiptReading = builder.objectRef<ReadingWithTransaction>("ReceiptReading").implement({
  description: "Fields read from the receipt's picture or PDF on Kort's server, each with its confidence.",
  fields: (t) => ({
    status: t.expose("status", { type: ReadingStatusEnum }),
    source: t.expose("source", { type: ReadingSourceEnum, nullable: true }),
    total: t.int({ nullable: true, description: "Whole krónur.", resolve: (r) => r.totalAmount }),
    date: t.string({ nullable: true, description: "YYYY-MM-DD.", resolve: (r) => r.purchaseDate }),
    kennitala: t.exposeString("kennitala", { nullable: true }),
    last_four: t.string({ nullable: true, resolve: (r) => r.lastFour }),
    merchant: t.exposeString("merchant", { nullable: true }),
    vat_number: t.string({ nullable: true, description: "The seller's VSK-númer.", resolve: (r) => r.vatNumber }),
    street: t.exposeString("street", { nullable: true, description: "The seller's street, as printed." }),
    postcode: t.exposeString("postcode", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    vat: t.expose("vat", { type: [ReadVat] }),
    confidence: t.expose("confidence", { type: ReadConfidence }),
    disagreements: t.field({
      type: [DisagreementEnum],
      description: "Where the receipt and its purchase disagree; empty when they agree or it waits unmatched.",
      resolve: (r) => disagreementsOf(r),
    }),
    proposed_tax_category: t.field({
      type: ProposedTaxCategory,
      nullable: true,
      description:
        "The company's tax category at the one VSK rate read, while the purchase has none (a person confirms).",
      resolve: (r) =>
        r.proposedTaxCategoryId && r.proposedTaxCategoryCode && !r.transactionTaxCategoryId
          ? { id: r.proposedTaxCategoryId, code: r.proposedTaxCategoryCode }
          : null,
    }),
  }),
});

type ReadingKey = { db: Db; projectId: string; receiptId: string };

const readingBatch = requestBatcher<ReadingKey, ReadingWithTransaction>(async (keys) => {
  const [first] = keys;
  if (!first) return new Map();
  const readings = await readingsOf(
    first.db,
    first.projectId,
    keys.map((key) => key.receiptId),
  );
  const found = new Map<ReadingKey, ReadingWithTransaction>();
  for (const key of keys) {
    const reading = readings.get(key.receiptId);
    if (reading) found.set(key, reading);
  }
  return found;
});

builder.objectField(Receipt, "reading", (t) =>
  t.field({
    type: ReceiptReading,
    nullable: true,
    description: "What was read from the file; null while it waits to be read (a few seconds after it arrives).",
    resolve: async (receipt, _args, { deps, kort }) =>
      (await readingBatch(kort, {
        db: deps.db,
        projectId: requireProject(kort).membership.projectId,
        receiptId: receipt.id,
      })) ?? null,
  }),
);
