/** The employee app's routes, under `/app` (the address the not-an-admin screen and the sign-up QR code give). */
export const APP_PATHS = {
  cards: "/app",
  card: (id: string) => `/app/cards/${encodeURIComponent(id)}`,
  transactions: "/app/transactions",
  /** The holder's purchases still missing a receipt: where a receipt-lock refusal sends them (issue 19). */
  missingReceipts: "/app/transactions?todo=MissingReceipt",
  transaction: (id: string) => `/app/transactions/${encodeURIComponent(id)}`,
  notifications: "/app/notifications",
  /** Unlock with the phone's biometrics (issue 17): outside the session guard, since it makes the session. */
  unlock: "/app/unlock",
} as const;

/** Issue 17: every touch target is at least 44 px square (Apple's and Google's guidance). */
export const TOUCH_TARGET = 44;

/** A dialog's close button at the touch target's size (Mantine's default is 28 px). */
export const CLOSE_44 = { size: TOUCH_TARGET } as const;

/**
 * A select that can be emptied, its clear button a touch target (Mantine's is 28 px): 44 px square with the usual
 * icon, alone in the input's right section while there is a value, the input tall enough to hold it inside its border.
 */
export const CLEARABLE_44 = {
  clearable: true,
  clearSectionMode: "clear",
  clearButtonProps: { style: { width: TOUCH_TARGET, height: TOUCH_TARGET } },
  rightSectionWidth: TOUCH_TARGET + 2,
  styles: { input: { height: TOUCH_TARGET + 2, minHeight: TOUCH_TARGET + 2 } },
} as const;

/** How long revealed card details stay on screen before they are hidden again. */
export const REVEAL_VISIBLE_MS = 30_000;
