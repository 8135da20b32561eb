/** Readers for the `details` some error answers carry (docs/auth.md). */

const field = (details: unknown, key: string): unknown =>
  typeof details === "object" && details !== null ? (details as Record<string, unknown>)[key] : undefined;

/** `locked_until` of USER_TEMPORARILY_LOCKED. */
export const lockedUntil = (details: unknown): Date | null => {
  const value = field(details, "locked_until");
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
};

/** `attempts_left` of INVALID_CODE and INVALID_PASSCODE: wrong answers left before the lock. */
export const attemptsLeft = (details: unknown): number | null => {
  const value = field(details, "attempts_left");
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
};

/** Reasons the server names: `details.reason` (CONFLICT) and `details.issues[].params.reason` (VALIDATION_FAILED). */
export const errorReasons = (details: unknown): string[] => {
  const reasons: string[] = [];
  const own = field(details, "reason");
  if (typeof own === "string") reasons.push(own);
  const issues = field(details, "issues");
  if (Array.isArray(issues)) {
    for (const issue of issues) {
      const reason = field(field(issue, "params"), "reason");
      if (typeof reason === "string") reasons.push(reason);
    }
  }
  return [...new Set(reasons)];
};
