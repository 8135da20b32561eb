import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { registerCustomXPathFunction, Schema } from "node-schematron";
import { validateXML } from "xmllint-wasm";

/**
 * The official validation of UBL documents, for tests only (the product runs Kort's own checks, ubl-rules.ts): the
 * OASIS UBL 2.1 XSD through xmllint-wasm, and the CEN EN 16931 and Peppol BIS 3.0 schematron through
 * node-schematron. The files are read from ../shared/peppol beside the project, never copied into it; when that
 * folder is absent the tests that need it are skipped with a message (PEPPOL_DIR_MISSING).
 */

const ROOT = path.resolve(import.meta.dirname, "../../../../..");
/** KORT_PEPPOL_DIR points elsewhere (or nowhere, to see the skip); the default is ../shared/peppol beside the project. */
export const PEPPOL_DIR = process.env.KORT_PEPPOL_DIR ?? path.resolve(ROOT, "../shared/peppol");
export const PEPPOL_AVAILABLE = existsSync(path.join(PEPPOL_DIR, "rules/PEPPOL-EN16931-UBL.sch"));
export const PEPPOL_DIR_MISSING = `${PEPPOL_DIR} is absent: the UBL XSD and schematron tests are skipped`;
if (!PEPPOL_AVAILABLE) console.warn(PEPPOL_DIR_MISSING);

export const peppolExample = (name: string): string => readFileSync(path.join(PEPPOL_DIR, "examples", name), "utf8");
export const peppolExamples = (): string[] =>
  PEPPOL_AVAILABLE
    ? readdirSync(path.join(PEPPOL_DIR, "examples"))
        .filter((f) => f.endsWith(".xml"))
        .sort()
    : [];

let preload: { fileName: string; contents: string }[] | null = null;
const xsdFiles = () => {
  if (preload === null) {
    const dir = path.join(PEPPOL_DIR, "ubl-2.1/xsd");
    // The maindoc schemas import "../common/…": loaded as xsd/maindoc and xsd/common, the imports resolve.
    preload = ["common", "maindoc"].flatMap((folder) =>
      readdirSync(path.join(dir, folder)).map((file) => ({
        fileName: `xsd/${folder}/${file}`,
        contents: readFileSync(path.join(dir, folder, file), "utf8"),
      })),
    );
  }
  return preload;
};

/** The XSD errors of a UBL Invoice or CreditNote; empty when it is valid. */
export const xsdErrors = async (xml: string): Promise<string[]> => {
  const creditNote = /<(\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000));
  const files = xsdFiles();
  const main = `xsd/maindoc/UBL-${creditNote ? "CreditNote" : "Invoice"}-2.1.xsd`;
  const schema = files.find((f) => f.fileName === main);
  if (schema === undefined) throw new Error(`No ${main}`);
  const result = await validateXML({
    xml: { fileName: "document.xml", contents: xml },
    schema,
    preload: files.filter((f) => f !== schema),
  });
  return result.errors.map((e) => e.rawMessage);
};

type Flagged = { id: string; flag: string; message: string };

let schemas: { schema: Schema; flags: Map<string, string> }[] | null = null;

/** The asserts' flags by id: node-schematron reports the id but not the flag. */
const flagsOf = (sch: string) =>
  new Map(
    [...sch.matchAll(/<assert\b[^>]*?\bid="([^"]+)"[^>]*?\bflag="([^"]+)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]),
  );

const loadSchemas = () => {
  if (schemas === null) {
    registerPeppolFunctions();
    schemas = ["CEN-EN16931-UBL.sch", "PEPPOL-EN16931-UBL.sch"].map((file) => {
      const text = readFileSync(path.join(PEPPOL_DIR, "rules", file), "utf8");
      return { schema: Schema.fromString(text), flags: flagsOf(text) };
    });
  }
  return schemas;
};

/** The failed asserts of both schematron files, with their flags (fatal or warning). */
export const schematronFailures = (xml: string): Flagged[] =>
  loadSchemas().flatMap(({ schema, flags }) =>
    schema
      .validateString(xml)
      .filter((result) => !result.isReport)
      .map((result) => {
        const id = result.assertId ?? "";
        return { id, flag: flags.get(id) ?? "fatal", message: String(result.message ?? "").trim() };
      }),
  );

/** The XSLT functions the Peppol file defines (xsl:function), in JavaScript, the same arithmetic. */
const registerPeppolFunctions = () => {
  const u = (localName: string) => ({ localName, namespaceURI: "utils" });
  const digits = (text: string) => [...text].map((c) => c.charCodeAt(0) - 48);
  const decimal = (value: unknown) => Number(String(value));

  registerCustomXPathFunction(
    u("slack"),
    ["xs:anyAtomicType", "xs:anyAtomicType", "xs:anyAtomicType"],
    "xs:boolean",
    (_, exp, val, slack) => {
      const [e, v, s] = [decimal(exp), decimal(val), decimal(slack)];
      return e + s >= v && e - s <= v;
    },
  );
  registerCustomXPathFunction(u("gln"), ["item()?"], "xs:boolean", (_, val) => {
    const text = String(val ?? "");
    const body = digits(text.slice(0, -1)).reverse();
    const sum = body.reduce((total, d, i) => total + d * (1 + ((i + 1) % 2) * 2), 0);
    return (10 - (sum % 10)) % 10 === Number(text.slice(-1));
  });
  registerCustomXPathFunction(u("mod11"), ["item()?"], "xs:boolean", (_, val) => {
    const text = String(val ?? "");
    const body = digits(text.slice(0, -1)).reverse();
    const sum = body.reduce((total, d, i) => total + d * ((i % 6) + 2), 0);
    return Number(text) > 0 && (11 - (sum % 11)) % 11 === Number(text.slice(-1));
  });
  registerCustomXPathFunction(u("mod97-0208"), ["item()?"], "xs:boolean", (_, val) => {
    const text = String(val ?? "");
    return Number(text.slice(8, 10)) === 97 - (Number(text.slice(0, 8)) % 97);
  });
  registerCustomXPathFunction(u("abn"), ["item()?"], "xs:boolean", (_, val) => {
    const d = digits(String(val ?? ""));
    const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    const sum = weights.reduce((total, w, i) => total + ((d[i] ?? 0) - (i === 0 ? 1 : 0)) * w, 0);
    return sum % 89 === 0;
  });
  registerCustomXPathFunction(u("TinVerification"), ["xs:string"], "xs:boolean", (_, val: string) => {
    const d = digits(val);
    const sum = [256, 128, 64, 32, 16, 8, 4, 2].reduce((total, w, i) => total + (d[i] ?? Number.NaN) * w, 0);
    return (sum % 11) % 10 === d[8];
  });
  registerCustomXPathFunction(u("checkSEOrgnr"), ["xs:string"], "xs:boolean", (_, val: string) => {
    if (!/^\d+$/.test(val)) return false;
    const sum = digits(val.slice(0, 9)).reduce((total, d, i) => {
      const product = i % 2 === 0 ? d * 2 : d;
      return total + (product > 9 ? product - 9 : product);
    }, 0);
    return (10 - (sum % 10)) % 10 === Number(val.slice(9, 10));
  });
  // Italian identifiers: only reached when a party is Italian; shape checks as the XSLT does them.
  registerCustomXPathFunction(u("checkCodiceIPA"), ["xs:string?"], "xs:boolean", (_, arg: string | null) =>
    /^[A-Za-z0-9]{6}$/.test(arg ?? ""),
  );
  registerCustomXPathFunction(u("checkCF"), ["xs:string?"], "xs:boolean", (_, arg: string | null) => {
    const text = arg ?? "";
    if (text.length === 16) return /^[A-Za-z]{6}\d{2}[A-Za-z]\d{2}.{3}\d[A-Za-z]$/.test(text);
    return text.length === 11 && /^-?\d+$/.test(text);
  });
  registerCustomXPathFunction(u("checkPIVAseIT"), ["xs:string"], "xs:boolean", (_, arg: string) => {
    if (arg.slice(0, 2).toUpperCase() !== "IT") return true;
    const code = arg.slice(2);
    if (code.length !== 11 || !/^\d+$/.test(code)) return false;
    const sum = digits(code).reduce((total, d, i) => total + (i % 2 === 1 ? Number("0246813579"[d]) : d), 0);
    return sum % 10 === 0;
  });
};
