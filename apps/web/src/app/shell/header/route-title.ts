import { isUuid } from "@kort/core";
import type { ParseKeys } from "i18next";

/** The header title of each signed-in page, by the first path segment. */
const TITLE_KEYS: Readonly<Record<string, ParseKeys>> = {
  people: "pages.people.title",
  cards: "pages.cards.title",
  teams: "pages.teams.title",
  accounting: "pages.accounting.title",
  transactions: "pages.transactions.title",
  expenses: "pages.expenses.title",
  invoices: "pages.invoices.title",
  "personal-settings": "pages.personalSettings.title",
  overview: "pages.overview.title",
  platform: "pages.platform.title",
  "card-designs": "pages.cardDesigns.title",
};

export type RouteTitle = {
  titleKey: ParseKeys | null;
  /** On nested paths, the rest of the path after the page, shown after a slash until the page names it. */
  subtitle: string | null;
  /** Team and card pages carry a back control in the header (spec 2). */
  withBack: boolean;
};

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export const routeTitle = (pathname: string): RouteTitle => {
  const [first = "", ...rest] = pathname.split("/").filter((segment) => segment.length > 0);
  // Record ids mean nothing to a reader; the page names the record itself (page-subtitle.ts).
  const named = rest.map(decode).filter((segment) => !isUuid(segment));
  return {
    titleKey: TITLE_KEYS[first] ?? null,
    subtitle: named.length > 0 ? named.join(" / ") : null,
    withBack: (first === "teams" || first === "cards") && rest.length > 0,
  };
};

/**
 * Spec 2: the back control goes to /cards on card paths; otherwise one step back, or up one level when the page
 * was opened directly and there is no step to go back to.
 */
export const backTarget = (pathname: string, hasHistory: boolean): string | -1 => {
  if (pathname.includes("/cards")) return "/cards";
  if (hasHistory) return -1;
  const parent = pathname.replace(/\/+$/, "").split("/").slice(0, -1).join("/");
  return parent === "" ? "/" : parent;
};
