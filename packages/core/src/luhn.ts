/**
 * The Luhn (mod 10) check digit that card numbers carry. Works on digit strings, never on numbers: a 16-digit
 * PAN is above 2^53 and would lose its last digits as a `number`.
 */

const DIGITS = /^[0-9]+$/;

/** The sum of the Luhn algorithm over `digits`, doubling every second digit from the right. */
const luhnSum = (digits: string, doubleFirstFromRight: boolean): number => {
  let sum = 0;
  let double = doubleFirstFromRight;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum;
};

/** Whether `digits` (at least two digits, nothing else) passes the Luhn check. */
export function isLuhnValid(digits: string): boolean {
  if (digits.length < 2 || !DIGITS.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

/** The check digit that makes `payload` + digit pass the Luhn check. Throws a RangeError for non-digits. */
export function luhnCheckDigit(payload: string): string {
  if (payload.length < 1 || !DIGITS.test(payload)) throw new RangeError("A Luhn payload is one or more digits");
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}
