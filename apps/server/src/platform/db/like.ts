/**
 * A LIKE / ILIKE pattern matching `text` anywhere: `%` and `_` typed into a search are letters, not wildcards, so
 * they (and the escape character itself) are escaped. One place, for every search box.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
