import { CARD_DESIGN_MAX_BYTES } from "@kort/core";
import { z } from "zod";
import { signedLinkQuery } from "../../platform/crypto/signed-links.ts";
import { defineFileRoute, defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { cardDesignSchema, uploadQuery } from "./card-designs.schemas.ts";
import {
  type DesignVariant,
  openCardDesignFile,
  uploadCardDesign,
  uploadCardDesignThumbnail,
} from "./card-designs.service.ts";

const designFile = (variant: DesignVariant): RestRoute =>
  defineFileRoute({
    path: `/v1/projects/:projectId/card_designs/:id/${variant}`,
    summary: `A card design's ${variant === "image" ? "card image" : "thumbnail"}: the target of a signed link`,
    tag: "card designs",
    access: "public",
    params: z.object({ projectId: z.string().max(100), id: z.string().max(100) }),
    query: signedLinkQuery,
    handler: ({ params, query, deps }) => openCardDesignFile(deps, { ...params, variant }, query),
  });

/** Card designs (issue 16): files are multipart uploads, so they come over REST; the rest is GraphQL. */
export const cardDesignsRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/card_designs",
    summary:
      "Project owners: a new card design from its card image, multipart field `file`, a PNG of exactly 360x720 px; ?name= names it",
    tag: "card designs",
    access: "project",
    query: uploadQuery,
    upload: { field: "file", maxBytes: CARD_DESIGN_MAX_BYTES },
    status: 201,
    response: cardDesignSchema,
    handler: ({ ctx, deps, query, upload }) => uploadCardDesign(deps, ctx, query, upload),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/card_designs/:id/thumbnail",
    summary: "Project owners: a card design's thumbnail, multipart field `file`, a PNG of exactly 36x72 px",
    tag: "card designs",
    access: "project",
    params: z.object({ id: z.string().max(100) }),
    upload: { field: "file", maxBytes: CARD_DESIGN_MAX_BYTES },
    response: cardDesignSchema,
    handler: ({ ctx, deps, params, upload }) => uploadCardDesignThumbnail(deps, ctx, params.id, upload),
  }),
  designFile("image"),
  designFile("thumbnail"),
];
