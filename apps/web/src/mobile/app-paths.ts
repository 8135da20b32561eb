/** The employee app's routes, under `/app` (the address the not-an-admin screen and the sign-up QR code give). */
export const APP_PATHS = {
  cards: "/app",
  card: (id: string) => `/app/cards/${encodeURIComponent(id)}`,
  transactions: "/app/transactions",
  /** The holder's purchases still missing a receipt: where a receipt-lock refusal sends them (issue 19). */
  missingReceipts: "/app/transactions?todo=MissingReceipt",
  transaction: (id: string) => `/app/transactions/${encodeURIComponent(id)}`,
  notifications: "/app/notifications",
  /** The person's own account: who they are signed in as, and their passcode. */
  account: "/app/account",
  /** Unlock with the phone's biometrics (issue 17): outside the session guard, since it makes the session. */
  unlock: "/app/unlock",
} as const;

/** How long revealed card details stay on screen before they are hidden again. */
export const REVEAL_VISIBLE_MS = 30_000;
