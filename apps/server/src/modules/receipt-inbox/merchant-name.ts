/**
 * Merchant names compared the way an Icelandic reader would: case and accents aside, þ/ð/æ/ö as th/d/ae/o (a card
 * network often sends "Kronan" or "Hagkaup Skeifunni" where the receipt says "Krónan ehf."), and the company-form
 * words ehf., hf., ohf., sf., slf. and ses. dropped.
 */

const LETTERS: Record<string, string> = { þ: "th", ð: "d", æ: "ae", ö: "o" };
const COMPANY_FORMS = new Set(["ehf", "hf", "ohf", "sf", "slf", "ses"]);

/** The words of a name, folded: lower case, Icelandic letters spelt out, other accents removed, forms dropped. */
export const foldedWords = (name: string): string[] =>
  name
    .toLowerCase()
    .replace(/[þðæö]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !COMPANY_FORMS.has(word));

const trigrams = (text: string): Set<string> => {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) grams.add(padded.slice(index, index + 3));
  return grams;
};

/**
 * How alike two merchant names are, 0 to 1: trigram similarity of the folded names, or 1 when every word of the
 * shorter name is a word of the longer ("Bónus" and "Bónus Kringlunni").
 */
export const merchantSimilarity = (a: string, b: string): number => {
  const left = foldedWords(a);
  const right = foldedWords(b);
  if (left.length === 0 || right.length === 0) return 0;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (shorter.every((word) => longer.includes(word))) return 1;
  const x = trigrams(left.join(" "));
  const y = trigrams(right.join(" "));
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
};
