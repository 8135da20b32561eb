import { randomInt } from "node:crypto";
import { formatKennitala, kennitalaCheckDigit } from "@kort/core";

/** What this process has handed out: a draw never repeats one. */
const issued = new Set<string>();

/**
 * The seventh digit (the first of the two after the birth date, 2 to 9): each of vitest's workers (VITEST_POOL_ID)
 * has its own, so workers writing to one database never draw the same number. Random outside vitest.
 */
const poolDigit = (): number => {
  const pool = Number(process.env.VITEST_POOL_ID);
  return Number.isInteger(pool) && pool > 0 ? 2 + ((pool - 1) % 8) : randomInt(2, 10);
};

/**
 * A valid kennitala written with the dash; companies add 40 to the day. Unique in a test run: kennitala is a unique
 * key, and a random draw from the few million valid ones repeated often enough in a suite of thousands of companies
 * to fail a run (project_registry_kennitala_key, once in 2026-12).
 */
export const randomKennitala = (kind: "person" | "company"): string => {
  const seventh = poolDigit();
  for (;;) {
    const day = randomInt(1, 29) + (kind === "company" ? 40 : 0);
    const firstEight = `${String(day).padStart(2, "0")}${String(randomInt(1, 13)).padStart(2, "0")}${String(randomInt(0, 100)).padStart(2, "0")}${seventh}${randomInt(0, 10)}`;
    const check = kennitalaCheckDigit(firstEight);
    if (check === null || issued.has(firstEight)) continue;
    issued.add(firstEight);
    return formatKennitala(`${firstEight}${check}9`);
  }
};
