import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Sets the rows' times a microsecond apart inside one millisecond, `ids[0]` the newest (`base` plus `ids.length - 1`
 * microseconds) and the last at `base`. Paged two at a time, newest first, the first page ends between rows that a
 * cursor keeping only milliseconds would not tell apart, so a list that lost the microseconds skips a row
 * (keyset-cursor.ts, `timeKey`).
 */
export const microsecondsApart = async (
  db: Db,
  table: string,
  column: string,
  ids: readonly string[],
  base = "2026-03-02 10:00:00+00",
): Promise<void> => {
  const array = sql`${sql.param([...ids])}::uuid[]`;
  await db.execute(sql`
    update ${sql.identifier(table)}
       set ${sql.identifier(column)} = ${base}::timestamptz
                                      + (${ids.length} - array_position(${array}, id)) * interval '1 microsecond'
     where id = any(${array})`);
};

/** Walks a cursor-paged list from its first page to its last (at most `maxPages`): every node in order, and the pages. */
export const walkPages = async <N>(
  page: (after: string | null) => Promise<{ nodes: readonly N[]; next_cursor: string | null }>,
  maxPages = 10,
): Promise<{ nodes: N[]; pages: number }> => {
  const nodes: N[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const next: { nodes: readonly N[]; next_cursor: string | null } = await page(after);
    nodes.push(...next.nodes);
    after = next.next_cursor;
    pages += 1;
  } while (after !== null && pages < maxPages);
  return { nodes, pages };
};
