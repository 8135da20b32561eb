import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import type { ReceiptDto } from "./receipts.schemas.ts";
import { getReceiptFor, listReceiptsFor, removeReceipts } from "./receipts.service.ts";

/**
 * Spec 7, "receipt by id" and "remove receipts", and a transaction's receipts for the panel. Uploads go through
 * REST (POST /v1/transactions/{id}/receipts, multipart), which the dashboard calls with its session like any call.
 */

type ReceiptMatchDto = NonNullable<ReceiptDto["matched_by"]>;

const ReceiptMatch = builder.objectRef<ReceiptMatchDto>("ReceiptMatch").implement({
  description:
    "Why an e-mailed receipt was attached without a person: exactly one of the sender's purchases had this amount and a date within 3 days of this one.",
  fields: (t) => ({
    amount: t.exposeInt("amount", { description: "Whole krónur for ISK, minor units for other currencies." }),
    currency: t.exposeString("currency"),
    date: t.exposeString("date", { description: "The receipt's date that matched (YYYY-MM-DD)." }),
  }),
});

const ReceiptSourceEnum = builder.enumType("ReceiptSource", { values: ["upload", "email"] as const });

export const Receipt = builder.objectRef<ReceiptDto>("Receipt").implement({
  description:
    "A receipt file (spec 3). `url` and `thumbnail_url` are signed links that stop working at `url_expires_at`: fetch the receipt again when it is past or within 4 s of it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    transaction_id: t.exposeID("transaction_id", { nullable: true, description: "Null while unmatched." }),
    user_id: t.exposeID("user_id", { description: "Who added it." }),
    file_name: t.exposeString("file_name"),
    file_size: t.exposeInt("file_size", { description: "Bytes." }),
    file_type: t.exposeString("file_type", {
      description: "Detected from the content: image/jpeg, image/png, image/heic, image/heif or application/pdf.",
    }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    url: t.exposeString("url", { description: "A signed link to the file, relative to the server." }),
    thumbnail_url: t.exposeString("thumbnail_url", {
      nullable: true,
      description:
        "A signed link to a JPEG thumbnail of an image; null for a PDF or an image this server cannot decode.",
    }),
    url_expires_at: t.expose("url_expires_at", { type: "DateTime", description: "When both links stop working." }),
    source: t.expose("source", { type: ReceiptSourceEnum }),
    matched_by: t.expose("matched_by", { type: ReceiptMatch, nullable: true }),
  }),
});

builder.queryField("receipts", (t) =>
  t.field({
    type: [Receipt],
    description: "transaction read: the transaction's receipts, oldest first.",
    args: { transaction_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => listReceiptsFor(deps, requireProject(kort), args.transaction_id),
  }),
);

builder.queryField("receipt", (t) =>
  t.field({
    type: Receipt,
    description: "transaction read: one receipt with fresh links (NOT_FOUND when removed).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => getReceiptFor(deps, requireProject(kort), args.id),
  }),
);

builder.mutationField("remove_receipts", (t) =>
  t.field({
    type: ["ID"],
    description:
      "transaction manage-receipts: removes the receipts (all or none, at most 100) and returns their ids; each transaction's has_receipt follows.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { kort, deps }) => removeReceipts(deps, requireProject(kort), { ids: args.ids }),
  }),
);
