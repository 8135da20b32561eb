/**
 * The closed set of error codes that leave the server. The server maps each to an HTTP status
 * (spec section 8) and to GraphQL `extensions.code`; the web app translates each code through
 * its `errors.<CODE>` key in both locale catalogues.
 */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "MALFORMED_BODY",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "ACCESS_DENIED",
  "NOT_FOUND",
  "ROUTE_NOT_FOUND",
  "PROJECT_NOT_FOUND",
  "CONFLICT",
  "USER_LOCKED",
  "INTERNAL",
  // The server is saturated (database busy, a wait timed out): 503 with Retry-After, try again shortly.
  "BUSY",
  // Sign-in, sign-up and invitations (spec section 8).
  "INVALID_CODE",
  "CODE_EXPIRED",
  "INVALID_PASSCODE",
  "USER_TEMPORARILY_LOCKED",
  "USER_LOCKED_CONTACT_ADMIN",
  "UNKNOWN_USER",
  "SIGN_UP_REQUIRED",
  "RESTART_REQUIRED",
  "RATE_LIMITED",
  "EMAIL_NOT_CONFIRMED",
  // Unlock with the phone's biometrics (issue 17): the WebAuthn answer did not verify (a stale or foreign
  // challenge, another person's credential, a replayed signature counter).
  "WEBAUTHN_FAILED",
  // A passcode change whose new passcode is the one it replaces.
  "PASSCODE_UNCHANGED",
  // A phone change to the number the person has now.
  "PHONE_UNCHANGED",
  // Only a verified alias can become the sign-in address.
  "EMAIL_ADDRESS_UNVERIFIED",
  "INVITATION_EXPIRED",
  "INVITATION_NOT_FOUND",
  "ALREADY_MEMBER",
  "ALREADY_INVITED",
  "NOT_ADMIN_USER",
  // Teams (spec sections 5 and 8).
  "TEAM_NAME_TAKEN",
  "USER_NOT_IN_PROJECT",
  // People (spec sections 6 and 8).
  "LAST_PROJECT_OWNER",
  "CANNOT_REMOVE_SELF",
  // Cards: the limit check (spec section 5), enforced again when a card is created or its limits set.
  "LIMIT_BLOCKED_OVER_MAX_LIMIT",
  "LIMIT_BLOCKED_CANT_ISSUE_TO_SELF",
  "CARD_LIMIT_TOO_HIGH",
  // Cards: closing is final (spec section 4); a closed card cannot change again.
  "CARD_CLOSED",
  // Sign-up and the platform's approval (issue 9): one company per kennitala; no cards before approval.
  "COMPANY_ALREADY_REGISTERED",
  "PROJECT_NOT_APPROVED",
  // Accounting setup (issue 11): category codes are unique in a company, tax categories in use stay, a dimension
  // needs values, the plan bounds the dimensions of a category, and a team's category follows its team.
  "CATEGORY_CODE_TAKEN",
  "TAX_CATEGORY_CODE_TAKEN",
  "TAX_CATEGORY_IN_USE",
  "DIMENSION_WITHOUT_VALUES",
  "DIMENSION_LIMIT_REACHED",
  "TEAM_CATEGORY_READ_ONLY",
  // Requests refused before any work (issue 9): a GraphQL document over the depth, alias, token,
  // directive or cost limits, and what the HTTP layer refuses on its own (a URL or headers too long,
  // a client that stops sending).
  "QUERY_TOO_COMPLEX",
  "URI_TOO_LONG",
  "HEADERS_TOO_LARGE",
  "REQUEST_TIMEOUT",
  // The transaction panel (issue 12): what is chosen must be usable for the transaction's team and category.
  "CATEGORY_NOT_AVAILABLE",
  "DIMENSION_VALUE_NOT_AVAILABLE",
  "TAX_CATEGORY_NOT_AVAILABLE",
  // Receipts (spec 3 and 7, issue 12): checked by their bytes, not their name; at most RECEIPT_MAX_BYTES.
  "RECEIPT_EMPTY",
  "RECEIPT_TOO_LARGE",
  "RECEIPT_TYPE_NOT_ALLOWED",
  "RECEIPT_TYPE_MISMATCH",
  // Profile photos (issue 16): JPEG, PNG or GIF by content, a name that does not claim another type, decodable.
  "IMAGE_TOO_LARGE",
  "IMAGE_TYPE_NOT_ALLOWED",
  "IMAGE_TYPE_MISMATCH",
  "IMAGE_UNREADABLE",
  // E-mail aliases (issue 16): not an e-mail address, or one some user already has (as sign-in or alias).
  "EMAIL_ADDRESS_INVALID",
  "EMAIL_ADDRESS_TAKEN",
  // Receipts by e-mail (issue 12): an address no company has, a sender who is not a member, a message without a
  // receipt file; and attaching a receipt that is attached already.
  "RECEIPT_MAILBOX_UNKNOWN",
  "RECEIPT_SENDER_UNKNOWN",
  "RECEIPT_EMAIL_WITHOUT_RECEIPT",
  "RECEIPT_ALREADY_ATTACHED",
  // Exports (issue 14): nothing to export; rows the format cannot carry, not left out; an e-invoice format for a
  // company whose own street and postcode (the buyer's, IS-R-005) Kort does not have.
  "EXPORT_EMPTY",
  "EXPORT_ROWS_UNFIT",
  "EXPORT_COMPANY_ADDRESS_MISSING",
  // Invoices (issue 15): no settled spend to invoice; no issuer configured; the e-invoicing access point refused
  // or could not be reached (spec 8: error sending the invoice electronically).
  "INVOICE_NO_SPEND",
  "INVOICE_ISSUER_MISSING",
  "EINVOICE_SEND_FAILED",
  // Signed links to files (spec 4): past their expiry, or not signed by this server.
  "SIGNED_LINK_EXPIRED",
  "SIGNED_LINK_INVALID",
  // Credit (issue 16): a bank account number that is not 4 + 2 + 6 digits; a deposit from an account that is not
  // the company's own (a parent's or subsidiary's is refused with its own reason); a transfer initiated twice.
  "BANK_ACCOUNT_INVALID",
  "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED",
  "TRANSFER_RELATED_COMPANY_ACCOUNT",
  "TRANSFER_ALREADY_INITIATED",
  // Automatic categorisation (issue 19): a live rule of the company already matches the same merchant or MCC; a
  // proposal already accepted or dismissed cannot be decided again.
  "CATEGORISATION_RULE_EXISTS",
  "CATEGORISATION_PROPOSAL_DECIDED",
  // Card designs (issue 16): PNG by content, the card image exactly 360x720 px and its thumbnail 36x72 px.
  "CARD_DESIGN_NOT_PNG",
  "CARD_DESIGN_MAIN_SIZE",
  "CARD_DESIGN_THUMBNAIL_SIZE",
  // Referrals (issue 16): a code nobody issued (or expired), one used already, and a company that cannot take one
  // (its own referrer's, or referred already).
  "REFERRAL_CODE_INVALID",
  "REFERRAL_CODE_USED",
  "REFERRAL_NOT_REDEEMABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorKind = "general" | "authentication" | "not_found" | "validation" | "internal" | "unavailable";

/** Spec section 8: 400 general, 401 authentication, 404 not found, 422 validation, 500 internal. */
export const errorKind = (code: ErrorCode): ErrorKind => {
  switch (code) {
    case "BAD_REQUEST":
    case "MALFORMED_BODY":
    case "CONFLICT":
    case "INVALID_CODE":
    case "CODE_EXPIRED":
    case "INVALID_PASSCODE":
    case "WEBAUTHN_FAILED":
    case "SIGN_UP_REQUIRED":
    case "RESTART_REQUIRED":
    case "EMAIL_NOT_CONFIRMED":
    case "INVITATION_EXPIRED":
    case "ALREADY_MEMBER":
    case "ALREADY_INVITED":
    case "NOT_ADMIN_USER":
    case "LAST_PROJECT_OWNER":
    case "CANNOT_REMOVE_SELF":
    case "CARD_CLOSED":
    case "PROJECT_NOT_APPROVED":
    case "TAX_CATEGORY_IN_USE":
    case "TEAM_CATEGORY_READ_ONLY":
    case "TRANSFER_ALREADY_INITIATED":
    case "CATEGORISATION_PROPOSAL_DECIDED":
    case "QUERY_TOO_COMPLEX":
    case "URI_TOO_LONG":
    case "HEADERS_TOO_LARGE":
    case "REQUEST_TIMEOUT":
      return "general";
    case "UNAUTHENTICATED":
      return "authentication";
    case "ACCESS_DENIED":
    case "USER_LOCKED":
    case "USER_TEMPORARILY_LOCKED":
    case "USER_LOCKED_CONTACT_ADMIN":
    case "SIGNED_LINK_EXPIRED":
    case "SIGNED_LINK_INVALID":
      return "general";
    case "RATE_LIMITED":
      return "general";
    case "NOT_FOUND":
    case "ROUTE_NOT_FOUND":
    case "PROJECT_NOT_FOUND":
    case "UNKNOWN_USER":
    case "INVITATION_NOT_FOUND":
    case "REFERRAL_CODE_INVALID":
      return "not_found";
    case "VALIDATION_FAILED":
    case "TEAM_NAME_TAKEN":
    case "USER_NOT_IN_PROJECT":
    case "LIMIT_BLOCKED_OVER_MAX_LIMIT":
    case "LIMIT_BLOCKED_CANT_ISSUE_TO_SELF":
    case "CARD_LIMIT_TOO_HIGH":
    case "COMPANY_ALREADY_REGISTERED":
    case "CATEGORY_CODE_TAKEN":
    case "TAX_CATEGORY_CODE_TAKEN":
    case "DIMENSION_WITHOUT_VALUES":
    case "DIMENSION_LIMIT_REACHED":
    case "CATEGORY_NOT_AVAILABLE":
    case "DIMENSION_VALUE_NOT_AVAILABLE":
    case "TAX_CATEGORY_NOT_AVAILABLE":
    case "RECEIPT_EMPTY":
    case "RECEIPT_TOO_LARGE":
    case "RECEIPT_TYPE_NOT_ALLOWED":
    case "RECEIPT_TYPE_MISMATCH":
    case "IMAGE_TOO_LARGE":
    case "IMAGE_TYPE_NOT_ALLOWED":
    case "IMAGE_TYPE_MISMATCH":
    case "IMAGE_UNREADABLE":
    case "EMAIL_ADDRESS_INVALID":
    case "EMAIL_ADDRESS_TAKEN":
    case "PASSCODE_UNCHANGED":
    case "PHONE_UNCHANGED":
    case "EMAIL_ADDRESS_UNVERIFIED":
    case "RECEIPT_MAILBOX_UNKNOWN":
    case "RECEIPT_SENDER_UNKNOWN":
    case "RECEIPT_EMAIL_WITHOUT_RECEIPT":
    case "RECEIPT_ALREADY_ATTACHED":
    case "EXPORT_EMPTY":
    case "EXPORT_ROWS_UNFIT":
    case "EXPORT_COMPANY_ADDRESS_MISSING":
    case "INVOICE_NO_SPEND":
    case "BANK_ACCOUNT_INVALID":
    case "TRANSFER_ACCOUNT_NOT_COMPANY_OWNED":
    case "TRANSFER_RELATED_COMPANY_ACCOUNT":
    case "CATEGORISATION_RULE_EXISTS":
    case "CARD_DESIGN_NOT_PNG":
    case "CARD_DESIGN_MAIN_SIZE":
    case "CARD_DESIGN_THUMBNAIL_SIZE":
    case "REFERRAL_CODE_USED":
    case "REFERRAL_NOT_REDEEMABLE":
      return "validation";
    case "INVOICE_ISSUER_MISSING":
      return "internal";
    case "EINVOICE_SEND_FAILED":
      return "unavailable";
    case "INTERNAL":
      return "internal";
    case "BUSY":
      return "unavailable";
    default:
      return assertUnreachable(code);
  }
};

/**
 * Locked users get 403 (spec section 8: 403 on token creation means a locked user). A signed link that expired
 * or was not signed here is 403 too, as object stores answer it: the link, not the session, is refused.
 */
const FORBIDDEN: readonly ErrorCode[] = [
  "ACCESS_DENIED",
  "USER_LOCKED",
  "USER_TEMPORARILY_LOCKED",
  "USER_LOCKED_CONTACT_ADMIN",
  "SIGNED_LINK_EXPIRED",
  "SIGNED_LINK_INVALID",
];

export const httpStatusFor = (code: ErrorCode): number => {
  if (FORBIDDEN.includes(code)) return 403;
  if (code === "RATE_LIMITED") return 429;
  // HTTP's own statuses for what the server refuses before reading a request, so proxies and clients
  // that know them react as they should.
  if (code === "REQUEST_TIMEOUT") return 408;
  if (code === "URI_TOO_LONG") return 414;
  if (code === "HEADERS_TOO_LARGE") return 431;
  if (code === "RECEIPT_TOO_LARGE" || code === "IMAGE_TOO_LARGE") return 413;
  switch (errorKind(code)) {
    case "general":
      return 400;
    case "authentication":
      return 401;
    case "not_found":
      return 404;
    case "validation":
      return 422;
    case "internal":
      return 500;
    case "unavailable":
      return 503;
    default:
      return 500;
  }
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);

/** The JSON body of every error answer, REST and GraphQL alike (`extensions`). */
export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export function assertUnreachable(value: never): never {
  throw new Error(`Unreachable: ${String(value)}`);
}
