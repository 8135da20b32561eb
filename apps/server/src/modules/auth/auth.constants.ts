/** The numbers of docs/auth.md in one place. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A 6-digit code (SMS) is good for 5 minutes and one use. */
export const CODE_TTL_MS = 5 * MINUTE;
/** The e-mail link of sign-up: e-mail is slower than SMS, so an hour (the link also needs the verification id). */
export const EMAIL_LINK_TTL_MS = HOUR;
/** Wrong codes one verification takes before it must be started again (RESTART_REQUIRED). */
export const MAX_CODE_ATTEMPTS = 5;

/** A token in status `created` waits this long for its code and passcode. */
export const PENDING_TOKEN_TTL_MS = 10 * MINUTE;
/** An approved token authenticates for an hour. */
export const TOKEN_TTL_MS = HOUR;
/** An expired token may still be renewed for 12 hours... */
export const RENEWAL_GRACE_MS = 12 * HOUR;
/** ...within 30 days of the sign-in that began the session. */
export const SESSION_MAX_MS = 30 * DAY;

/** Wrong codes or passcodes in a row that lock the user. */
export const FAILURES_BEFORE_LOCK = 5;
export const TEMPORARY_LOCK_MS = 15 * MINUTE;
/** The third temporary lock within 24 hours locks until an admin unlocks. */
export const LOCKS_BEFORE_PERMANENT = 3;
export const LOCK_WINDOW_MS = DAY;

/** Requests that send a code: per identity (e-mail) and per client address, in a sliding 15-minute window. */
export const RATE_WINDOW_MS = 15 * MINUTE;
export const RATE_LIMIT_PER_IDENTITY = 10;
export const RATE_LIMIT_PER_ADDRESS = 60;
/** New codes one verification may be sent within a rate window (`POST /v1/verifications/{id}/start`). */
export const RESENDS_PER_VERIFICATION = 3;
