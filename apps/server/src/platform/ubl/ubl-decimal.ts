/**
 * Exact decimals for Kort's UBL checks: amounts as written in a document ("1200.00", "0.5") read into integers
 * scaled by 10^10, so sums and products compare exactly, as XPath's xs:decimal does. Never a float.
 */

export type Decimal = bigint;

const DIGITS = 10;
export const SCALE = 10n ** BigInt(DIGITS);

/** The decimal in `text`, or null when it is not one (or has more than ten decimals, beyond any amount). */
export const decimal = (text: string | undefined): Decimal | null => {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(text ?? "");
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const fraction = match[3] ?? "";
  if (fraction.length > DIGITS) return null;
  const value = BigInt(match[2] || "0") * SCALE + BigInt(fraction.padEnd(DIGITS, "0") || "0");
  return match[1] === "-" ? -value : value;
};

/** The number of decimals written in `text` (BR-DEC rules count what is written, "1.50" has two). */
export const decimalsWritten = (text: string): number => /\.(\d*)\s*$/.exec(text)?.[1]?.length ?? 0;

const floorDiv = (a: bigint, b: bigint): bigint => {
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
};

/** XPath's `round(x * 100) div 100`: to two decimals, halves toward positive infinity. */
export const round2 = (value: Decimal): Decimal => {
  const unit = SCALE / 100n;
  return floorDiv(value + unit / 2n, unit) * unit;
};

/** XPath's round(x): to a whole number, halves toward positive infinity. */
export const round0 = (value: Decimal): Decimal => floorDiv(value + SCALE / 2n, SCALE) * SCALE;

export const multiply = (a: Decimal, b: Decimal): Decimal => (a * b) / SCALE;

/** a / b at the scale's precision (enough for percentages and base quantities). */
export const divide = (a: Decimal, b: Decimal): Decimal => (a * SCALE) / b;

export const abs = (value: Decimal): Decimal => (value < 0n ? -value : value);

export const fromInteger = (value: number): Decimal => BigInt(value) * SCALE;

/** For messages: the decimal as text, trailing zeros dropped. */
export const show = (value: Decimal): string => {
  const sign = value < 0n ? "-" : "";
  const digits = abs(value)
    .toString()
    .padStart(DIGITS + 1, "0");
  const fraction = digits.slice(-DIGITS).replace(/0+$/, "");
  return `${sign}${digits.slice(0, -DIGITS)}${fraction === "" ? "" : `.${fraction}`}`;
};
