import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { to as copyTo } from "pg-copy-streams";
import type { Db } from "./client.ts";
import { quoteLiteral } from "./sql-literal.ts";

/**
 * A SELECT's rows streamed with `COPY (...) TO STDOUT`: PostgreSQL writes every row as one line of text, and the rows
 * are split here in bulk, a chunk at a time, instead of a protocol message and a decoded string per field as a query
 * answers them. For work that reads a large result once in order (an export): reading 100,000 rows this way costs
 * about as much as PostgreSQL's own COPY of them, against twice that with keyset batches. The rows come in batches
 * as the reader asks for them: a slow reader stops PostgreSQL (backpressure on the socket), so memory holds a
 * batch, never the result.
 *
 * COPY takes no bind parameters, so the statement's are written into it as literals, escaped by
 * `quoteLiteral`; only the kinds of values the callers pass are accepted.
 */

const dialect = new PgDialect();

/** A value as PostgreSQL's text of an array element: quoted, with `"` and `\` escaped. */
const arrayElement = (value: unknown): string => {
  if (value === null || value === undefined) return "NULL";
  const text = typeof value === "string" ? value : String(literalText(value));
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
};

/** The text PostgreSQL reads a parameter from. */
const literalText = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("A COPY parameter is not finite");
    return String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(",")}}`;
  throw new TypeError(`A COPY parameter of type ${typeof value} cannot be written as a literal`);
};

const literal = (value: unknown): string =>
  value === null || value === undefined ? "NULL" : quoteLiteral(literalText(value));

/** The statement's text with its `$n` parameters written in as literals. */
export const inlineStatement = (statement: SQL): string => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const position = Number(index) - 1;
    if (position < 0 || position >= params.length) throw new RangeError(`No parameter $${index}`);
    return literal(params[position]);
  });
};

/** COPY's text format: `\N` is null; a backslash escapes a tab, a line break or itself. */
const unescapeField = (field: string): string | null => {
  if (field === "\\N") return null;
  if (!field.includes("\\")) return field;
  return field.replace(/\\(.)/g, (_match, character: string) => {
    switch (character) {
      case "t":
        return "\t";
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "v":
        return "\v";
      default:
        return character;
    }
  });
};

export type CopiedRow = (string | null)[];

/** A line's fields, unescaped in place (a line per row: no array more than the split's own). */
const fieldsOf = (line: string): CopiedRow => {
  const fields: CopiedRow = line.split("\t");
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] as string;
    if (field.includes("\\")) fields[index] = unescapeField(field);
  }
  return fields;
};

export type CopyOptions = {
  /** Rows per batch handed to the reader. */
  batchSize: number;
  /** The statement's time limit on its connection (the pool's is for requests; an export may take minutes). */
  timeoutMs: number;
  /**
   * Rows in the statement's order from its first row on: the planner is told to avoid a sort, so it walks an index in
   * that order where one fits, and the reader works while PostgreSQL reads instead of waiting for a sort of the whole
   * result (100,000 rows of an export: the first row after 2 ms instead of 250 ms, the whole COPY no slower). With no
   * index in that order, PostgreSQL still sorts.
   */
  streamInOrder?: boolean;
};

/**
 * The rows of `statement`, in its order, as arrays of fields (text, or null) in its columns' order, in batches of
 * `batchSize`. Runs on a connection of its own, given back when the rows end or the reader stops.
 */
export async function* copyRows(db: Db, statement: SQL, options: CopyOptions): AsyncGenerator<CopiedRow[]> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query(`set statement_timeout = ${Math.max(1, Math.trunc(options.timeoutMs))}`);
    if (options.streamInOrder) await client.query("set enable_sort = off");
    const stream = client.query(copyTo(`COPY (${inlineStatement(statement)}) TO STDOUT`));
    const decoder = new TextDecoder();
    let rest = "";
    let batch: CopiedRow[] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const text = rest + decoder.decode(chunk, { stream: true });
        const lines = text.split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          batch.push(fieldsOf(line));
          if (batch.length >= options.batchSize) {
            yield batch;
            batch = [];
          }
        }
      }
    } finally {
      // A reader that stopped early leaves the COPY running: the connection cannot be reused.
      if (!stream.readableEnded) {
        broken = new Error("COPY was not read to its end");
        stream.destroy();
      }
    }
    if (rest !== "") batch.push(fieldsOf(rest));
    if (batch.length > 0) yield batch;
    await client.query(
      options.streamInOrder ? "reset statement_timeout; reset enable_sort" : "reset statement_timeout",
    );
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection left mid-COPY or in error is closed rather than given back.
    client.release(broken);
  }
}
