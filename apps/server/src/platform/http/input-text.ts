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

/** Thrown by the first walk, which keeps no path: the walk is then made again with paths, to name the field. */
const REFUSED = Symbol("refused");

const refuse = (path: string | undefined, reason: string): never => {
  throw path === undefined ? REFUSED : refused(path, reason);
};

/**
 * The walk, with `path` the dotted path of `value` or undefined. Every request's input takes it once without paths,
 * since building them cost a string per key of every body (docs/decisions.md, "What a decision leaves for the
 * garbage collector"); a refused input takes it again with them.
 */
const walk = (value: unknown, path: string | undefined, depth: number): unknown => {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? refuse(path, problem) : normalizeText(value);
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return refuse(path, "too_deep");
  if (Array.isArray(value)) {
    return value.map((item, index) => walk(item, path === undefined ? undefined : join(path, index), depth + 1));
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const cleanKey = walk(key, path === undefined ? undefined : join(path, key), depth) as string;
    out[cleanKey] = walk(record[key], path === undefined ? undefined : join(path, cleanKey), depth + 1);
  }
  return out;
};

/** A copy of `value` with every string (object keys too) checked and in NFC; VALIDATION_FAILED otherwise. */
export const cleanInput = (value: unknown, path = ""): unknown => {
  try {
    return walk(value, undefined, 0);
  } catch (error) {
    if (error === REFUSED) return walk(value, path, 0);
    throw error;
  }
};
