import { normalizeText, TEXT_MESSAGE, textProblem } from "@kort/core";
import { AppError } from "../errors.ts";

/**
 * The transport's side of core's text rule (text.ts): every string a request carries (REST params, query and
 * body, GraphQL variables and literals) is checked and normalised to NFC before any handler sees it, so no
 * field can be forgotten. Handlers' own schemas still bound lengths and shapes.
 */

/** Deeper input than any Kort call takes; refused rather than walked, so nesting cannot exhaust the stack. */
const MAX_DEPTH = 32;

const refused = (path: string, reason: string): AppError =>
  new AppError("VALIDATION_FAILED", "The request is not valid.", {
    issues: [{ path, code: "invalid_text", message: TEXT_MESSAGE, reason }],
  });

const join = (path: string, key: string | number): string => (path === "" ? String(key) : `${path}.${key}`);

const cleanString = (text: string, path: string): string => {
  const problem = textProblem(text);
  if (problem) throw refused(path, problem);
  return normalizeText(text);
};

/** A copy of `value` with every string (object keys too) checked and in NFC; VALIDATION_FAILED otherwise. */
export const cleanInput = (value: unknown, path = "", depth = 0): unknown => {
  if (typeof value === "string") return cleanString(value, path);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) throw refused(path, "too_deep");
  if (Array.isArray(value)) return value.map((item, index) => cleanInput(item, join(path, index), depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = cleanString(key, join(path, key));
    out[cleanKey] = cleanInput(item, join(path, cleanKey), depth + 1);
  }
  return out;
};
