/** The identifiers every Peppol BIS Billing 3.0 document Kort writes carries (decisions.md, "Peppol facts"). */

export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** Peppol's scheme for a kennitala (ISO 6523 ICD 0196, Iceland's register of legal entities). */
export const KENNITALA_SCHEME = "0196";

export const UBL_NAMESPACES = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

/** The root element's namespace declarations of an Invoice or CreditNote. */
export const rootNamespaces = (kind: "Invoice" | "CreditNote"): Record<string, string> => ({
  xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${kind}-2`,
  "xmlns:cac": UBL_NAMESPACES.cac,
  "xmlns:cbc": UBL_NAMESPACES.cbc,
});
