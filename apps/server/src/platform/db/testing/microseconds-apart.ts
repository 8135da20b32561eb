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
  const array = `{${ids.join(",")}}`;
  await db.execute(sql`
    update ${sql.identifier(table)}
       set ${sql.identifier(column)} = ${base}::timestamptz
                                      + (${ids.length} - array_position(${array}::uuid[], id)) * interval '1 microsecond'
     where id = any(${array}::uuid[])`);
};
