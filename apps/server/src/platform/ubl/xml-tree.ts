import { SaxesParser } from "saxes";

/**
 * An XML document read into a small namespace-aware tree for Kort's UBL checks (ubl-rules.ts). UBL documents are a few
 * kilobytes, so a tree is fine; names are matched by namespace URI, never by the prefix a sender chose.
 */

export type XmlElement = {
  uri: string;
  local: string;
  /** Attributes without a namespace, by local name (schemeID, currencyID…). */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its descendants'). */
  text: string;
};

export const UBL_NS: Readonly<Record<string, string>> = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  inv: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  cn: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
};

/** Reads `xml`; throws a readable Error when it is not well-formed. */
export const parseXml = (xml: string): XmlElement => {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === "") attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, children: [], text: "" };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on("text", (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on("cdata", (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (root === null) throw new Error("No root element");
  return root;
};

const matches = (element: XmlElement, step: string): boolean => {
  const [prefix, local] = step.split(":");
  return element.local === local && element.uri === UBL_NS[prefix ?? ""];
};

/** The elements at a path of prefixed steps below `from` ("cac:Party/cbc:EndpointID"), every branch followed. */
export const select = (from: XmlElement | undefined, path: string): XmlElement[] => {
  let current = from === undefined ? [] : [from];
  for (const step of path.split("/")) current = current.flatMap((e) => e.children.filter((c) => matches(c, step)));
  return current;
};

export const first = (from: XmlElement | undefined, path: string): XmlElement | undefined => select(from, path)[0];

/** The normalized text at `path`, or undefined when there is no such element. */
export const textAt = (from: XmlElement | undefined, path: string): string | undefined => {
  const element = first(from, path);
  return element === undefined ? undefined : normalize(element.text);
};

export const normalize = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Every element of the tree, depth first. */
export function* descendants(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const child of element.children) yield* descendants(child);
}
