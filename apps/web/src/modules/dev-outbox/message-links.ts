/** A web address, or a path on this site at the start of a line or after a space (links made without an origin). */
const LINK = /(https?:\/\/[^\s<>"]+|(?<=^|\s)\/[A-Za-z][^\s<>"]*)/g;

export type MessagePart = { kind: "text" | "link"; value: string };

/** A message's text cut into plain text and links, in order. */
export const splitLinks = (body: string): MessagePart[] =>
  body
    .split(LINK)
    .map((value, index): MessagePart => ({ kind: index % 2 === 1 ? "link" : "text", value }))
    .filter((part) => part.value !== "");
