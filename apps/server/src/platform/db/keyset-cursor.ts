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
