import { KENNITALA_SCHEME } from "../../../platform/ubl/peppol.ts";
import type { ExportSeller } from "../export-line.ts";

/**
 * What a UBL document needs of the merchant as its seller, shared by the line checks (journal.ts, exportIssues) and the
 * writer (ubl.ts), so a line that passes the checks always makes a document the rules accept.
 */

export { KENNITALA_SCHEME } from "../../../platform/ubl/peppol.ts";

/** The seller's Peppol electronic address: as given, or an Icelandic seller's kennitala under 0196. */
export const sellerEndpoint = (seller: ExportSeller): { scheme: string; id: string } | null => {
  if (seller.endpoint !== null) return seller.endpoint;
  if (seller.country === "IS" && seller.legalId !== null) return { scheme: KENNITALA_SCHEME, id: seller.legalId };
  return null;
};

const present = (text: string | null): text is string => text !== null && text.trim() !== "";

/**
 * Whether the seller is complete enough for Peppol: a name, a country, an electronic address (PEPPOL-EN16931-R020) and
 * a VAT number (BR-S-02, BR-Z-02, BR-E-02); an Icelandic seller also a kennitala (IS-R-002), street and postcode
 * (IS-R-003).
 */
export const sellerIsComplete = (seller: ExportSeller): boolean => {
  if (!present(seller.name) || !/^[A-Z]{2}$/.test(seller.country) || !present(seller.vatNumber)) return false;
  if (sellerEndpoint(seller) === null) return false;
  if (seller.country !== "IS") return true;
  return (
    present(seller.legalId) && /^\d{10}$/.test(seller.legalId) && present(seller.street) && present(seller.postcode)
  );
};
