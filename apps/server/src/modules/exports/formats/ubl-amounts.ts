import type { ExportLine } from "../export-line.ts";

/**
 * The figures of one card purchase as a Peppol document, in integer hundredths of a króna (aurar), so no float ever
 * carries money. The card charged the gross G, whole krónur; the VAT inside it is V (the line's, as Kort shows it).
 * Peppol wants the tax to be the taxable amount times the rate (BR-CO-17, BR-S-09): the taxable amount is the net
 * N = G - V, the tax T = N × rate to two decimals, and what separates N + T from G (under a króna) is the
 * PayableRoundingAmount. The card paid G already, so G is the PrepaidAmount and nothing is left to pay.
 */
export type UblAmounts = {
  /** Invoice line net, sum of lines, tax exclusive and taxable amount: N. */
  net: number;
  /** VAT at the rate on the net: T. */
  tax: number;
  /** N + T. */
  taxInclusive: number;
  /** G: what the card paid. */
  prepaid: number;
  /** G - (N + T). */
  rounding: number;
  /** Always 0: inclusive - prepaid + rounding. */
  payable: number;
};

const HUNDRED = 100n;

/** `value × basisPoints / 10000` in hundredths, rounded half away from zero, exactly (BigInt: no overflow, no float). */
const taxOf = (netHundredths: bigint, basisPoints: number): bigint => {
  const scaled = netHundredths * BigInt(basisPoints);
  const divisor = 10_000n;
  const magnitude = (2n * (scaled < 0n ? -scaled : scaled) + divisor) / (2n * divisor);
  return scaled < 0n ? -magnitude : magnitude;
};

/**
 * The document's figures for a line, positive for a refund too: a refund becomes a credit note, whose amounts are
 * positive by definition (its type says it credits).
 */
export const ublAmounts = (line: ExportLine): UblAmounts => {
  if (line.vat === null) throw new Error(`Transaction ${line.transactionId} has no tax category (see exportIssues)`);
  const gross = BigInt(Math.abs(line.amountIsk)) * HUNDRED;
  const net = gross - BigInt(Math.abs(line.vat.amountIsk)) * HUNDRED;
  const tax = taxOf(net, line.vat.basisPoints);
  const taxInclusive = net + tax;
  return {
    net: Number(net),
    tax: Number(tax),
    taxInclusive: Number(taxInclusive),
    prepaid: Number(gross),
    rounding: Number(gross - taxInclusive),
    payable: 0,
  };
};

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
