import { z } from "zod";
import { signedLinkQuery } from "../../platform/crypto/signed-links.ts";
import { defineFileRoute, type RestRoute } from "../../platform/http/rest.ts";
import { openInvoiceFile } from "./invoices.service.ts";

/** The signed links' targets: an invoice's PDF and XML (the link is the authority, handed only to invoice readers). */
export const invoicesRoutes: RestRoute[] = (["pdf", "xml"] as const).map((kind) =>
  defineFileRoute({
    path: `/v1/invoices/:id/${kind}`,
    summary: `An invoice's ${kind.toUpperCase()}, through a signed link that expires`,
    tag: "invoices",
    access: "public",
    params: z.object({ id: z.string().max(100) }),
    query: signedLinkQuery,
    handler: ({ params, query, deps }) => openInvoiceFile(deps, params.id, kind, query),
  }),
);
