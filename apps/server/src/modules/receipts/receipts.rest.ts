import { RECEIPT_MAX_BYTES } from "@kort/core";
import { signedLinkQuery } from "../../platform/crypto/signed-links.ts";
import { defineFileRoute, defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { imagesRoute } from "./images.rest.ts";
import { idParams, receiptListSchema, receiptSchema, removedSchema } from "./receipts.schemas.ts";
import {
  addReceipt,
  getReceiptFor,
  listReceiptsFor,
  openReceiptFile,
  type ReceiptVariant,
  removeReceipts,
} from "./receipts.service.ts";

/**
 * Spec 7, "transactions … GET and POST receipts (multipart file)", for the employee app and the dashboard alike,
 * and the signed links' targets. The upload field is `file`.
 */

const tag = "receipts";

const signedFile = (variant: ReceiptVariant, summary: string): RestRoute =>
  defineFileRoute({
    path: `/v1/receipts/:id/${variant}`,
    summary,
    tag,
    access: "public",
    params: idParams,
    query: signedLinkQuery,
    handler: ({ params, query, deps }) => openReceiptFile(deps, params.id, variant, query),
  });

export const receiptsRoutes: RestRoute[] = [
  imagesRoute,
  defineRoute({
    method: "GET",
    path: "/v1/transactions/:id/receipts",
    summary: "A transaction's receipts, oldest first, with signed links (transaction read)",
    tag,
    access: "project",
    params: idParams,
    response: receiptListSchema,
    handler: async ({ ctx, params, deps }) => {
      const nodes = await listReceiptsFor(deps, ctx, params.id);
      return { nodes, total_count: nodes.length };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/transactions/:id/receipts",
    summary:
      "Adds a receipt to a transaction (transaction manage-receipts): multipart field `file`, JPEG, PNG, HEIC or PDF by content, at most 10 MB",
    tag,
    access: "project",
    params: idParams,
    upload: { field: "file", maxBytes: RECEIPT_MAX_BYTES },
    status: 201,
    response: receiptSchema,
    handler: ({ ctx, params, deps, upload }) => addReceipt(deps, ctx, params.id, upload),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/receipts/:id",
    summary: "One receipt with fresh signed links (transaction read)",
    tag,
    access: "project",
    params: idParams,
    response: receiptSchema,
    handler: ({ ctx, params, deps }) => getReceiptFor(deps, ctx, params.id),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/receipts/:id",
    summary: "Removes a receipt (transaction manage-receipts); its transaction counts it no more",
    tag,
    access: "project",
    params: idParams,
    response: removedSchema,
    handler: async ({ ctx, params, deps }) => {
      const [id] = await removeReceipts(deps, ctx, { ids: [params.id] });
      return { id: id ?? params.id };
    },
  }),
  signedFile(
    "file",
    "A receipt's file, through a signed link that expires (no session: the signature is the authority)",
  ),
  signedFile("thumbnail", "An image receipt's JPEG thumbnail, through a signed link that expires"),
];
