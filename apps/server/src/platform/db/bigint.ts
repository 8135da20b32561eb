/**
 * A bigint column (money in whole kronur or minor units, a count) as pg returns it, text, read as a number. Every
 * such value Kort stores is far below 2^53; one that is not is a bug, and it throws rather than round.
 */
export const bigintValue = (value: string | number): number => {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError("A bigint column is not a safe integer");
  return number;
};
