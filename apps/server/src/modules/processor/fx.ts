import { currencyExponent } from "@kort/core";

/** Rates are ISK per one unit of a currency times this (fx_rates.isk_per_unit_micros). */
export const RATE_SCALE = 1_000_000n;

/** `numerator / denominator` rounded half up (both non-negative), in bigint so nothing passes through a float. */
export const divideHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  if (numerator < 0n || denominator <= 0n) throw new RangeError("divideHalfUp takes a non-negative share");
  return (numerator * 2n + denominator) / (denominator * 2n);
};

const toSafeNumber = (value: bigint): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`Amount ${value} is beyond a safe integer`);
  return number;
};

/**
 * An amount in `currency` minor units (USD 12.99 = 1299) in whole kronur at `iskPerUnitMicros`, rounded half
 * up: 1299 x 138500000 / (100 x 1000000) = 1799.115 gives 1799; .5 goes up.
 */
export const toIsk = (amountMinor: number, currency: string, iskPerUnitMicros: number): number => {
  if (currency === "ISK") return amountMinor;
  const divisor = 10n ** BigInt(currencyExponent(currency)) * RATE_SCALE;
  return toSafeNumber(divideHalfUp(BigInt(amountMinor) * BigInt(iskPerUnitMicros), divisor));
};

/** `part / total` of `whole` kronur (a partial refund of a purchase), rounded half up. */
export const proportionOf = (whole: number, part: number, total: number): number =>
  toSafeNumber(divideHalfUp(BigInt(whole) * BigInt(part), BigInt(total)));
