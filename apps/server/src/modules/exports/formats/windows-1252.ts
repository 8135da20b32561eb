/**
 * Text as Windows-1252, the code page DK's desktop program reads its import files in (docs/exports.md, "DK"). All
 * Icelandic letters are in it (á ð é í ó ú ý þ æ ö and capitals). A character outside it is written without its
 * accent when that gives one inside (ł stays l, č becomes c), else as `?`: a visible mark, never a dropped byte.
 */

/** The bytes 0x80-0x9F, where Windows-1252 differs from Latin-1; the five holes stay undefined. */
const HIGH: ReadonlyMap<number, number> = new Map(
  [
    0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
    0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
  ].flatMap((codePoint, index) => (codePoint === 0 ? [] : [[codePoint, 0x80 + index] as const])),
);

const byteOf = (codePoint: number): number | undefined => {
  if (codePoint < 0x80 || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return HIGH.get(codePoint);
};

export const encodeWindows1252 = (text: string): Buffer => {
  const bytes: number[] = [];
  for (const char of text) {
    const direct = byteOf(char.codePointAt(0) ?? 0x3f);
    if (direct !== undefined) {
      bytes.push(direct);
      continue;
    }
    // Decomposed, a letter's base comes first; keep it when it is encodable and drop the accent marks.
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    const fallback = [...base].map((c) => byteOf(c.codePointAt(0) ?? 0x3f));
    if (base !== "" && fallback.every((b) => b !== undefined)) bytes.push(...(fallback as number[]));
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
};
