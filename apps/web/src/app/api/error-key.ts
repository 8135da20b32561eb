import type { ApiErrorCode } from "./api-error.ts";

/** The catalogue key that translates an error code; every code has one (the catalogue test checks). */
export const errorKey = <C extends ApiErrorCode>(code: C): `errors.${C}` => `errors.${code}`;
