/**
 * Credit of a company (spec 6 and 7, issue 16): the one-time balance increase by a deposit from the company's own
 * bank account, and the bank account numbers it names. Pure rules, shared by the form and the server.
 */

/**
 * An Icelandic bank account: bank (4 digits, the branch), ledger (2, "höfuðbók") and account (6), written
 * `0133-26-012345`. People type it with dashes, spaces or none; anything else, or another count of digits, is
 * not an account number.
 */
export type BankAccount = { bank: string; ledger: string; account: string };

const BANK_ACCOUNT = /^(\d{4})[-\s]?(\d{2})[-\s]?(\d{6})$/;

/** The account of `text`, or null. Leading and trailing spaces are ignored. */
export function parseBankAccount(text: string): BankAccount | null {
  const match = BANK_ACCOUNT.exec(text.trim());
  if (!match) return null;
  const [, bank, ledger, account] = match;
  if (bank === undefined || ledger === undefined || account === undefined) return null;
  return { bank, ledger, account };
}

/** `0133-26-012345`, the form banks print. */
export function formatBankAccount(account: BankAccount): string {
  return `${account.bank}-${account.ledger}-${account.account}`;
}

export function isValidBankAccount(text: string): boolean {
  return parseBankAccount(text) !== null;
}

/**
 * The transfer types of spec 7 (`GET /v1/transfers/types`). The one Kort offers is a deposit into the company's
 * credit from a bank account the company itself owns.
 */
export const TRANSFER_TYPES = ["COMPANY_DEPOSIT"] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

/** A transfer is created (checked, nothing moved) and then initiated (it raises available credit for the period). */
export const TRANSFER_STATUSES = ["created", "initiated"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * Whose account the money comes from, as the person declares it (the bank confirms the holder): only the company's
 * own account may fund its credit, never a parent's or a subsidiary's (spec 6).
 */
export const ACCOUNT_HOLDERS = ["COMPANY", "PARENT", "SUBSIDIARY"] as const;
export type AccountHolder = (typeof ACCOUNT_HOLDERS)[number];

/** The largest deposit one transfer takes, in ISK: a typo of three zeros should not pass. */
export const TRANSFER_MAX_AMOUNT = 1_000_000_000;

/** The largest credit limit a company may ask for, in ISK. */
export const CREDIT_LIMIT_REQUEST_MAX = 100_000_000_000;

/**
 * Why a deposit is refused, or null when its account may fund the company: a related company's account (the spec's
 * reason), or an account held under another kennitala than the company's.
 */
export function depositAccountRefusal(
  holder: AccountHolder,
  holderKennitala: string,
  companyKennitala: string,
): "TRANSFER_RELATED_COMPANY_ACCOUNT" | "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED" | null {
  if (holder === "PARENT" || holder === "SUBSIDIARY") return "TRANSFER_RELATED_COMPANY_ACCOUNT";
  if (holderKennitala.replace("-", "") !== companyKennitala) return "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED";
  return null;
}
