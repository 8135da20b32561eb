/** How many digits stand before `position` in `text`. */
export const digitsBefore = (text: string, position: number): number =>
  text.slice(0, position).replace(/\D/g, "").length;

/**
 * Where the caret goes in the regrouped text so that it stays after the same number of digits as before:
 * typing in the middle of `1.234` must not throw the caret to the end when the dots move.
 */
export const caretAfterDigits = (formatted: string, digits: number): number => {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted.charAt(index))) seen += 1;
    if (seen === digits) return index + 1;
  }
  return formatted.length;
};

/** Only digits and group dots reach the amount; `-`, `,`, `k`, `m`, `b` and anything else are dropped as typed. */
export const keepDigits = (text: string, maxDigits: number): string => text.replace(/\D/g, "").slice(0, maxDigits);
