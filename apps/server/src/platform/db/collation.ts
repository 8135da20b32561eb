import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Icelandic alphabetical order for names and titles shown to people (Á after A, Þ Æ Ö last), which the
 * database default (C.UTF-8 in the embedded server, whatever a production server has) does not give:
 * there "Demo Ráðgjöf" comes before "Demo ehf.". ICU's `is-x-icu` exists in the embedded build and in
 * every mainstream PostgreSQL package. Use in ORDER BY: `.orderBy(icelandic(teams.name))`.
 */
export const icelandic = (column: AnyPgColumn): SQL => sql`${column} collate "is-x-icu"`;
