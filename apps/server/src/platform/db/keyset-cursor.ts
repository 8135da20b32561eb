import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

/**
 * Where a keyset page starts: the last row's sort value and id (no OFFSET, so page 1,000 costs what page 1 does).
 * Sent to clients as opaque base64url text; every list of the API pages with it.
 */
export type KeysetCursor = { value: string; id: string };

const cursorSchema = z.tuple([z.string().max(40), z.uuid()]);

export const encodeCursor = (cursor: KeysetCursor): string =>
  Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString("base64url");

/** A cursor as a client sent it back; anything but one this server wrote is a VALIDATION_FAILED. */
export const cursorFromText = z
  .string()
  .max(200)
  .transform((text, context) => {
    try {
      const [value, id] = cursorSchema.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
      return { value, id } satisfies KeysetCursor;
    } catch {
      context.addIssue({ code: "custom", message: "Not a cursor of this list." });
      return z.NEVER;
    }
  });

/** A time as `timeKey` writes it (or an ISO time, or a day), every field in range, so PostgreSQL reads it back. */
const TIME_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?(?:Z|[+-](?:0\d|1[0-5])(?::?[0-5]\d)?))?$/;

export const isTimeText = (text: string): boolean => {
  const match = TIME_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * The cursor of a list by time (`timeKey`, `afterTimeCursor`): a value that is not a time is refused here, as a
 * VALIDATION_FAILED, rather than by PostgreSQL's cast, which would fail the request.
 */
export const timeCursorFromText = cursorFromText.refine((cursor) => isTimeText(cursor.value), {
  message: "Not a cursor of this list.",
});

/**
 * A page from a keyset query asked for `limit + 1` rows: the first `limit`, and the cursor after the last of them
 * when the extra row says more follow.
 */
export const pageOf = <R>(
  rows: readonly R[],
  limit: number,
  cursorOf: (last: R) => string,
): { nodes: R[]; next_cursor: string | null } => {
  const nodes = rows.slice(0, limit);
  const last = nodes.at(-1);
  return { nodes, next_cursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
};

/**
 * A list by time keeps PostgreSQL's own text of its last row's time as the cursor's value (`2026-11-29
 * 16:52:48.123456+00`): a JavaScript Date keeps milliseconds only, and a row a few microseconds older than the last
 * one shown would fall between two pages, neither before the cursor nor on the page.
 */
export const timeKey = (column: AnyColumn | SQL): SQL<string> => sql<string>`${column}::text`;

/**
 * The rows after the cursor's in a `(time, id)` keyset order: older ones in a list newest first (the default),
 * later ones in a list oldest first. The time is read back from the cursor's text as the column's type.
 */
export const afterTimeCursor = (
  time: AnyColumn | SQL,
  id: AnyColumn | SQL,
  cursor: KeysetCursor,
  order: { oldestFirst?: boolean; type?: "timestamptz" | "date" } = {},
): SQL => {
  const value = sql`cast(${cursor.value} as ${sql.raw(order.type ?? "timestamptz")})`;
  return order.oldestFirst
    ? sql`(${time}, ${id}) > (${value}, ${cursor.id}::uuid)`
    : sql`(${time}, ${id}) < (${value}, ${cursor.id}::uuid)`;
};

/** A page of a list by time whose rows carry their `timeKey`: its cursor is the last row's time text and id. */
export const timePageOf = <R extends { id: string; timeKey: string }>(
  rows: readonly R[],
  limit: number,
): { nodes: R[]; next_cursor: string | null } =>
  pageOf(rows, limit, (last) => encodeCursor({ value: last.timeKey, id: last.id }));
