/**
 * A few lines of XML writing for the UBL documents: elements as data, escaped text, two-space indentation. Empty
 * elements are never written (Peppol forbids them, PEPPOL-EN16931-R008): a child that is null or has no content is
 * left out.
 */

export type XmlNode = { name: string; attributes: Record<string, string>; children: XmlNode[]; text: string | null };

export type XmlChild = XmlNode | null | undefined | false;

/** Characters XML 1.0 cannot hold at all (controls but tab and line ends, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for XML; a character XML cannot hold (a merchant name from a card network may have one) is dropped. */
export const escapeXml = (text: string): string =>
  text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An element with children (its text is null). */
export const el = (name: string, ...children: XmlChild[]): XmlNode => ({
  name,
  attributes: {},
  children: children.filter((child): child is XmlNode => Boolean(child) && !isEmpty(child as XmlNode)),
  text: null,
});

/** An element with text, or null when the text is null or blank (so it is left out). */
export const leaf = (
  name: string,
  text: string | number | null,
  attributes: Record<string, string> = {},
): XmlNode | null => {
  if (text === null) return null;
  const value = String(text).trim();
  return value === "" ? null : { name, attributes, children: [], text: value };
};

const isEmpty = (node: XmlNode): boolean => node.text === null && node.children.length === 0;

const render = (node: XmlNode, depth: number): string => {
  const pad = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (node.text !== null) return `${pad}<${node.name}${attributes}>${escapeXml(node.text)}</${node.name}>\n`;
  const inner = node.children.map((child) => render(child, depth + 1)).join("");
  return `${pad}<${node.name}${attributes}>\n${inner}${pad}</${node.name}>\n`;
};

export const renderDocument = (root: XmlNode): string => `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}`;
