import { RECEIPT_MAX_BYTES } from "@kort/core";
import { z } from "zod";
import { requireProject } from "../../platform/http/context.ts";
import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { userImageSchema } from "../people/people.schemas.ts";
import { setProfileImage } from "../people/profile-image.service.ts";
import { receiptSchema } from "./receipts.schemas.ts";
import { addReceipt } from "./receipts.service.ts";

/**
 * Spec 7, `POST /images`: one upload call for the two kinds of image, a user image (the caller's profile photo) or a
 * transaction's image (a receipt). It is the same work as `POST /v1/users/current/image` and
 * `POST /v1/transactions/{id}/receipts`, with the same checks and limits. What the image is for comes in the query
 * string, so the policy is asked before a byte of the file is read. The file is the multipart field `file`: the
 * server fetches nothing from a `url` (it would make Kort a fetcher of any address), and multipart needs no `encoded`.
 */
const imagesQuery = z
  .object({
    user_image: z.enum(["true"]).optional(),
    transaction_id: z.uuid().optional(),
  })
  .refine((query) => (query.user_image === "true") !== (query.transaction_id !== undefined), {
    message: "Say what the image is for: user_image=true or transaction_id, one of them.",
  });

export const imagesRoute: RestRoute = defineRoute({
  method: "POST",
  path: "/v1/images",
  summary:
    "An image, multipart field `file`: `?user_image=true` the caller's profile photo (JPEG, PNG or GIF, at most 5 MB), or `?transaction_id=` a receipt of that transaction (transaction manage-receipts; JPEG, PNG, HEIC or PDF, at most 10 MB)",
  tag: "images",
  access: "user",
  query: imagesQuery,
  upload: { field: "file", maxBytes: RECEIPT_MAX_BYTES },
  status: 201,
  response: z.union([userImageSchema, receiptSchema]),
  handler: ({ ctx, deps, query, upload }) =>
    query.transaction_id === undefined
      ? setProfileImage(deps, ctx, upload)
      : addReceipt(deps, requireProject(ctx), query.transaction_id, upload),
});
