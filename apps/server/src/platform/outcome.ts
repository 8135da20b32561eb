import type { AppError } from "./errors.ts";

/**
 * What a transaction hands back when it may end in a refusal that must still commit (a failure counted, a
 * lock set): throwing inside `db.transaction` would roll those writes back, so the error is thrown after.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const refusal = <T = never>(error: AppError): Outcome<T> => ({ ok: false, error });

export const unwrap = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
};
