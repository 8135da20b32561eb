/**
 * How UBL writes numbers, shared by every UBL document Kort makes (the PeppolIS and Unimaze exports, the platform's
 * invoices): amounts are integer hundredths of a króna in, exact decimal text out, never a float.
 */

/** Hundredths as UBL writes an amount: whole krónur without decimals, else exactly two ("193.44", "-0.56"). */
export const ublAmount = (hundredths: number): string => {
  const sign = hundredths < 0 ? "-" : "";
  const magnitude = Math.abs(hundredths);
  const whole = Math.trunc(magnitude / 100);
  const fraction = magnitude % 100;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(2, "0")}`;
};

/** A rate in basis points as UBL's percent: 2400 → "24", 550 → "5.5". */
export const ublPercent = (basisPoints: number): string => {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = basisPoints % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
};

/** An amount in minor units with its exponent as decimal text: (4567, 2) → "45.67". */
export const minorUnits = (amount: number, exponent: number): string => {
  if (exponent === 0) return String(amount);
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.abs(amount)).padStart(exponent + 1, "0");
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};
