import { isValidKennitala } from "@kort/core";
import { minorUnits, readDates } from "../receipt-inbox/receipt-text.ts";

/**
 * What Kort reads from a receipt's text (OCR of a photo, or a PDF's text layer): the total, the purchase date, the
 * seller's kennitala, VSK-númer and address, the VSK lines, the card's last four digits and the merchant's name, each with a confidence
 * from 0 to 1. Pure: text in, fields out. Amounts are whole krónur read digit by digit (receipt-text.ts), never a
 * float. OCR confuses letters and digits, so numbers are read after the usual confusions are undone.
 */

export type ReadField<T> = { value: T; confidence: number };

/** A VSK line: its rate in basis points (24% = 2400) and the VAT amount in whole krónur. */
export type ReadVat = { basisPoints: number; amount: number; confidence: number };

export type ReceiptFields = {
  /** Whole krónur. */
  total: ReadField<number> | null;
  /** YYYY-MM-DD. */
  date: ReadField<string> | null;
  /** 10 digits, check digit valid. */
  kennitala: ReadField<string> | null;
  vat: ReadVat[];
  lastFour: ReadField<string> | null;
  merchant: ReadField<string> | null;
  /** The seller's VSK-númer (5 or 6 digits, no prefix). */
  vatNumber: ReadField<string> | null;
  /** The seller's street, postcode (3 digits) and town, as printed under its name. */
  address: ReadField<{ street: string; postcode: string; city: string }> | null;
};

/** Icelandic VSK rates a receipt states (24% general, 11% food, books, lodging). */
const VAT_RATES = new Set([2400, 1100]);

/** Lower case without accents, so OCR's lost accents still match: "Til greiðslu" -> "til greidslu". */
const fold = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll("ð", "d")
    .replaceAll("þ", "th")
    .replaceAll("æ", "ae")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");

/** After a digit OCR reads 0 as O or Q and 1 as l, I or |: undone until none is left ("5.2OO" -> "5.200"). */
const digitsOf = (text: string): string => {
  let previous = "";
  let current = text;
  while (current !== previous) {
    previous = current;
    current = current.replace(/(\d[.,]?)[OoQ]/g, "$10").replace(/(\d)[lI|](?=\d|\b)/g, "$11");
  }
  return current;
};

/** Amounts a line states: `4.590 kr.`, `4590`, `4 590,00`, as whole krónur. Grouped or 1-7 digits. */
const NUMBER = /(?<![\d%])(\d{1,3}(?:[. ]\d{3})+(?:,\d{2})?|\d{1,7}(?:,\d{2})?)(?![\d%])/g;

const amountsOn = (line: string): number[] => {
  const found: number[] = [];
  for (const match of digitsOf(line).matchAll(NUMBER)) {
    const amount = minorUnits(match[1] ?? "", 0);
    if (amount !== null && amount > 0) found.push(amount);
  }
  return found;
};

/** Words a total's line starts with, most telling first: what was paid beats a sum before discounts. */
const TOTAL_WORDS: readonly [RegExp, number][] = [
  [/\btil greidslu\b/, 0.95],
  [/\bgreitt\b/, 0.85],
  [/\bsamtals\b/, 0.9],
  [/\balls\b/, 0.8],
  [/\b(?:total|amount due)\b/, 0.8],
];

const readTotal = (lines: readonly string[]): ReadField<number> | null => {
  let best: ReadField<number> | null = null;
  for (const line of lines) {
    const folded = fold(line);
    // A VSK line's "samtals" is the VAT's total, not the receipt's.
    if (/\bvsk\b|virdisauka/.test(folded)) continue;
    for (const [word, confidence] of TOTAL_WORDS) {
      if (!word.test(folded)) continue;
      const amount = amountsOn(line.slice(folded.search(word))).at(-1);
      if (amount !== undefined && (!best || confidence > best.confidence)) best = { value: amount, confidence };
      break;
    }
  }
  if (best) return best;
  // No total word read: the largest amount marked as krónur is likely the total, and said to be unsure.
  const marked = lines.filter((line) => /kr\b|isk/i.test(line)).flatMap(amountsOn);
  return marked.length > 0 ? { value: Math.max(...marked), confidence: 0.4 } : null;
};

const readVat = (lines: readonly string[]): ReadVat[] => {
  const found: ReadVat[] = [];
  for (const line of lines) {
    const folded = fold(digitsOf(line));
    if (!/\bvsk\b|virdisauka|\bvat\b/.test(folded)) continue;
    const rate = /(\d{1,2})(?:[.,](\d))?\s?%/.exec(folded);
    if (!rate) continue;
    const basisPoints = Number(rate[1]) * 100 + Number(rate[2] ?? 0) * 10;
    // The VAT is the line's last amount after its rate ("VSK 24% af 3.702 kr. 888 kr.": 888).
    const amount = amountsOn(line.slice(line.indexOf("%") + 1)).at(-1);
    if (amount === undefined || found.some((vat) => vat.basisPoints === basisPoints)) continue;
    found.push({ basisPoints, amount, confidence: VAT_RATES.has(basisPoints) ? 0.85 : 0.5 });
  }
  return found;
};

const readDate = (lines: readonly string[]): ReadField<string> | null => {
  for (const line of lines) {
    // OCR may read a date's dots as commas or spaces: 21,11.2026 or 21 11 2026.
    const cleaned = digitsOf(line).replace(/\b(\d{1,2})[, ](\d{1,2})[., ](\d{4})\b/g, "$1.$2.$3");
    const [date] = readDates(cleaned);
    if (date) {
      const numeric = /\b\d{1,2}\.\d{1,2}\.\d{4}\b|\b\d{4}-\d{2}-\d{2}\b/.test(cleaned);
      return { value: date.toISOString().slice(0, 10), confidence: numeric ? 0.9 : 0.75 };
    }
  }
  return null;
};

const readKennitala = (lines: readonly string[]): ReadField<string> | null => {
  let unlabelled: ReadField<string> | null = null;
  for (const line of lines) {
    for (const match of digitsOf(line).matchAll(/(?<!\d)(\d{6})\s?[-–]?\s?(\d{4})(?!\d)/g)) {
      const digits = `${match[1]}${match[2]}`;
      if (!isValidKennitala(digits)) continue;
      if (/\bkt\b|kennitala/.test(fold(line))) return { value: digits, confidence: 0.95 };
      unlabelled ??= { value: digits, confidence: 0.7 };
    }
  }
  return unlabelled;
};

/**
 * `************1234`, `XXXX XXXX XXXX 1234`, `Kort: ...1234`: the four digits that end a masked card line. OCR often
 * reads the asterisks as letters (`kkkkkkkk`) and the 1 after them as `]` or `|`, or splits the digits (`1 234`).
 */
const readLastFour = (lines: readonly string[]): ReadField<string> | null => {
  for (const line of lines) {
    const masked = /[*xX•#]{4,}|(?:[*xX•#]\s?){6,}|[kKxX*]{6,}/.test(line);
    const named = /\b(?:ko\s?rt|card|visa|mastercard|maestro|debet|kredit)/i.test(line);
    if (!masked && !named) continue;
    const tail = /(?:^|[^\d\s])\s*([\d\s]{4,9})$/.exec(
      digitsOf(line)
        .replace(/[\]|!](?=\s*\d{3}\s*$)/, "1")
        .trim(),
    );
    const digits = tail?.[1]?.replace(/\s/g, "");
    if (digits && digits.length >= 4) return { value: digits.slice(-4), confidence: masked ? 0.85 : 0.6 };
  }
  return null;
};

/** The shop's name heads the receipt: the first line of words that is not a label, a date or an amount. */
const readMerchant = (lines: readonly string[]): ReadField<string> | null => {
  for (const line of lines.slice(0, 5)) {
    const text = line.trim();
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    if (letters < 3 || letters < text.length / 2) continue;
    if (/^(?:kt|kvittun|reikningur|receipt|sala|dags)\b/i.test(fold(text))) continue;
    return { value: text.replace(/\s{2,}/g, " "), confidence: 0.6 };
  }
  return null;
};

/** "VSK nr. 12345", "VSK-númer: 123456", "VAT no 123456": the digits after the label (5 or 6 of them). */
const readVatNumber = (lines: readonly string[]): ReadField<string> | null => {
  for (const line of lines) {
    const match = /\b(?:vsk|vat)\s*[-.]?\s*(?:nr|numer|no|number|reg)\b\.?\s*:?\s*(\d{5,6})(?![\d%])/.exec(
      fold(digitsOf(line)),
    );
    if (match?.[1]) return { value: match[1], confidence: 0.9 };
  }
  return null;
};

/** "108 Reykjavík", "600 Akureyri", "220 Hafnarfirði": an Icelandic postcode (3 digits) and a capitalised town. */
const POSTCODE_TOWN = /(?:^|[\s,])([1-9]\d{2})\s+(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}?\p{Ll}+)*)\s*$/u;
/** "Skeifunni 11", "Laugavegi 26b", "Hafnarstræti 5": words and a house number. */
const STREET = /^\p{L}[\p{L}. -]*\s\d{1,4}[a-zA-Z]?$/u;

/**
 * The seller's address near the head of the receipt: the street and the postcode with the town on one line
 * ("Skeifunni 11, 108 Reykjavík") or on two. Only a street with a number counts, so an item line is never taken.
 */
const readAddress = (lines: readonly string[]): ReceiptFields["address"] => {
  const head = lines.slice(0, 8);
  for (const [index, line] of head.entries()) {
    const place = POSTCODE_TOWN.exec(line);
    if (!place?.[1] || !place[2]) continue;
    const before = line
      .slice(0, place.index)
      .replace(/[\s,]+$/, "")
      .trim();
    const above = head[index - 1]?.trim() ?? "";
    const street = STREET.test(before) ? before : before === "" && STREET.test(above) ? above : null;
    if (street) return { value: { street, postcode: place[1], city: place[2] }, confidence: 0.7 };
  }
  return null;
};

/** The gross amount a VAT line implies (888 kr. at 24% is 4.588 kr.), in whole krónur by integer division. */
const grossOfVat = (line: ReadVat): number => {
  const scaled = line.amount * (10_000 + line.basisPoints);
  return (scaled - (scaled % line.basisPoints)) / line.basisPoints;
};

export const parseReceiptText = (text: string): ReceiptFields => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const total = readTotal(lines);
  const vat = readVat(lines);
  // VAT lines that add up to what the total holds at their rates confirm both (rounding: a krona per line).
  if (total && vat.length > 0) {
    const implied = vat.reduce((sum, line) => sum + grossOfVat(line), 0);
    if (Math.abs(implied - total.value) <= total.value / 100 + vat.length) {
      total.confidence = Math.min(0.99, total.confidence + 0.05);
      for (const line of vat) line.confidence = Math.min(0.99, line.confidence + 0.1);
    }
  }
  return {
    total,
    date: readDate(lines),
    kennitala: readKennitala(lines),
    vat,
    lastFour: readLastFour(lines),
    merchant: readMerchant(lines),
    vatNumber: readVatNumber(lines),
    address: readAddress(lines),
  };
};
