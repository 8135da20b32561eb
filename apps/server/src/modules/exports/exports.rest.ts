import { z } from "zod";
import { signedLinkQuery } from "../../platform/crypto/signed-links.ts";
import { defineFileRoute, type RestRoute } from "../../platform/http/rest.ts";
import { openExportFile } from "./exports.service.ts";

/** The signed link's target: an export's file (the link is the authority, handed only to who may see the export). */
export const exportsRoutes: RestRoute[] = [
  defineFileRoute({
    path: "/v1/exports/:id/file",
    summary: "An export's file, through a signed link that expires",
    tag: "exports",
    access: "public",
    params: z.object({ id: z.string().max(100) }),
    query: signedLinkQuery,
    handler: ({ params, query, deps }) => openExportFile(deps, params.id, query),
  }),
];
