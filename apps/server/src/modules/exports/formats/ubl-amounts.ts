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

export { minorUnits, ublAmount, ublPercent } from "../../../platform/ubl/amounts.ts";
