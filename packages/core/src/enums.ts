/** Enumerations of spec section 3, as string unions with their value lists. */
export const CARD_STATUSES = ["ACTIVE", "CLOSED", "CREATED", "EXPIRED", "FROZEN", "LOCKED", "REJECTED"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CARD_TYPES = ["BUSINESS_EXPENSE", "EMPLOYEE_EXPENSE"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** YEARLY is a frequency of spec section 9 that the processor honours, though the create form does not offer it. */
export const LIMIT_PERIODS = ["DAILY", "MONTHLY", "NON_RECURRING", "SLIDING_24H", "WEEKLY", "YEARLY"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The create-card form offers these, with ids 0 to 3 (spec section 9). */
export const FORM_LIMIT_PERIODS = [
  "DAILY",
  "WEEKLY",
  "MONTHLY",
  "NON_RECURRING",
] as const satisfies readonly LimitPeriod[];

export const LIMIT_USAGE_TYPES = ["ALL", "ATM", "RETAIL"] as const;
export type LimitUsageType = (typeof LIMIT_USAGE_TYPES)[number];

export const EXPORT_FORMATS = ["CSV", "DK", "Payday", "PeppolIS", "Unimaze", "XLSX"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LEVELS = ["CARD", "PROJECT", "TRANSACTION", "USER"] as const;
export type ExportLevel = (typeof EXPORT_LEVELS)[number];

export const JOB_STATUSES = ["created", "pending", "started", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const TODO_FILTERS = ["MissingCategory", "MissingReceipt"] as const;
export type TodoFilter = (typeof TODO_FILTERS)[number];

/**
 * The rules a transaction can break (its rule_violations): the todo filters, and CaptureExcess, a clearing above
 * its authorization by more than the company's tolerance (issue 13). Not every rule is a todo filter: an excess
 * capture is the card's review, not a bookkeeping task.
 */
export const RULE_IDS = [...TODO_FILTERS, "CaptureExcess"] as const;
export type RuleId = (typeof RULE_IDS)[number];

export const CATEGORY_GROUPS = ["Default", "Team"] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

export const ROLE_NAMES = [
  "project_owner",
  "team_admin",
  "accountant",
  "user",
  "platform_owner",
  "empty_role",
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Role ids shown in the spec: 1 project owner, 2 user, 3 team admin, 5 accountant. */
export const ROLE_IDS: Partial<Record<RoleName, number>> = { project_owner: 1, user: 2, team_admin: 3, accountant: 5 };

/**
 * A company's standing with the platform (issue 9): a sign-up starts pending, with no credit and no cards, until a
 * platform owner approves it with a credit limit or rejects it.
 */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const TOKEN_STATUSES = ["created", "approved"] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const ONBOARDING_ATTRIBUTE_KINDS = [
  "full_name",
  "preferred_name",
  "date_of_birth",
  "email",
  "username",
  "national_id",
  "phone",
  "app_pin",
  "password",
  "address",
  "device",
] as const;
export type OnboardingAttributeKind = (typeof ONBOARDING_ATTRIBUTE_KINDS)[number];

export const LOCALES = ["is-IS", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];

/** A stored locale as one Kort speaks: anything else (or nothing) is Icelandic, the default. */
export const storedLocale = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? "is-IS";
export const DEFAULT_LOCALE: Locale = "is-IS";

/** Spec section 3: deleted records are marked by the zero date. */
export const DELETED_AT_MARKER = "0001-01-01T00:00:00.000Z";

export const PRODUCT_VERSION = "0.34.1";
