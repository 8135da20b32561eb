/**
 * The Overview page (spec 2 and 7, issue 16): what spending is broken down by, and the areas of the audit log.
 * Shared so the page, its links to /expenses and the server name them alike.
 */

/** Spec 7: "overview spending by team, user, category, merchant". */
export const SPENDING_DIMENSIONS = ["TEAM", "USER", "CATEGORY", "MERCHANT"] as const;
export type SpendingDimension = (typeof SPENDING_DIMENSIONS)[number];

/** How many rows a breakdown names before the rest is summed as one "others" row. */
export const SPENDING_TOP_DEFAULT = 10;
export const SPENDING_TOP_MAX = 50;

/**
 * What the audit log can be filtered by (issue 16: "every change to cards, limits, roles, people, teams,
 * categories, exports and invoices"), plus the credit changes of the same issue. Each area is a set of audited
 * actions (the server's `AUDIT_AREA_ACTIONS`).
 */
export const AUDIT_AREAS = [
  "CARDS",
  "LIMITS",
  "ROLES",
  "PEOPLE",
  "TEAMS",
  "CATEGORIES",
  "EXPORTS",
  "INVOICES",
  "CREDIT",
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
