import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_AREA_ACTIONS } from "./audit-log.repo.ts";

/**
 * The audit log page names each change in the reader's language (overview.audit.actions in the web's catalogues):
 * every action an area lists by name, and the spend-rule and categorisation changes of issue 19 that the areas list
 * by pattern, have a label in Icelandic and in English. A missing label would show the raw code.
 */

const catalogue = (language: "is" | "en") =>
  JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${language}.json`, import.meta.url), "utf8")) as {
    overview: { audit: { actions: Record<string, string> } };
  };

const ISSUE_19_ACTIONS = [
  "card.set_merchant_controls",
  "project.set_merchant_controls",
  "project.set_receipt_lock",
  "user.lift_receipt_lock",
  "categorisation_rule.create",
  "categorisation_rule.update",
  "categorisation_rule.delete",
  "categorisation_rule.defaults",
  "categorisation_proposal.create",
  "categorisation_proposal.accept",
  "categorisation_proposal.dismiss",
];

const namedInAreas = Object.values(AUDIT_AREA_ACTIONS)
  .flat()
  .filter((action) => !action.includes("%"));

/** Whether an area lists the action, by name or by pattern (`card.%`), as the page's filter does. */
const listed = (action: string) =>
  Object.values(AUDIT_AREA_ACTIONS).some((patterns) =>
    patterns.some((pattern) => new RegExp(`^${pattern.replaceAll(".", "\\.").replaceAll("%", ".*")}$`).test(action)),
  );

const SOURCE_ROOT = new URL("../../", import.meta.url).pathname;

/** The server's sources, tests aside. */
const sources = (): string[] =>
  readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => path.join(SOURCE_ROOT, file));

/** Strings of the audit actions' shape that name something else: notification kinds and file names. */
const NOT_AUDIT_ACTIONS = new Set([
  "card.capture_over_authorization",
  "card.locked_for_review",
  "card.receipts_locked",
  "card.png",
  "export.completed",
  "export.csv",
  "team.budget_alert",
]);

/**
 * The actions the server writes that an area shows, read from its sources: every quoted `area.action` literal, and
 * the card changes named by their last part (`changeCard(…, "set_team", …)`, a status move's `name: "freeze"`, an
 * activation's name), which are written as `card.<name>`.
 */
const writtenActions = (): string[] => {
  const found = new Set<string>();
  for (const file of sources()) {
    const text = readFileSync(file, "utf8");
    for (const [, action] of text.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) if (action && listed(action)) found.add(action);
    for (const [, name] of text.matchAll(/changeCard\(\s*deps,\s*ctx,\s*\w+,\s*"[a-z-]+",\s*"([a-z_]+)"/g)) {
      found.add(`card.${name}`);
    }
    for (const [, name] of text.matchAll(/name: "([a-z_]+)", from: "[A-Z]+"/g)) found.add(`card.${name}`);
    for (const [, name] of text.matchAll(/activateFundingSource\(deps, ctx, id, "([a-z_]+)"\)/g))
      found.add(`card.${name}`);
  }
  return [...found].filter((action) => !NOT_AUDIT_ACTIONS.has(action)).sort();
};

describe("the audit log's action labels", () => {
  it.each(["is", "en"] as const)("name every listed action and issue 19's changes in %s", (language) => {
    const labels = catalogue(language).overview.audit.actions;
    const missing = [...new Set([...namedInAreas, ...ISSUE_19_ACTIONS])].filter((action) => !labels[action]?.trim());
    expect(missing).toEqual([]);
  });

  it("lists issue 19's spend-rule changes in an area, so the page shows them", () => {
    expect(ISSUE_19_ACTIONS.filter((action) => !listed(action))).toEqual([]);
  });

  it.each(["is", "en"] as const)("name every action the server writes that an area shows, in %s", (language) => {
    const labels = catalogue(language).overview.audit.actions;
    const written = writtenActions();
    // The scan itself is checked: it finds a literal, a card change and a status move.
    expect(written).toEqual(expect.arrayContaining(["invoice.issue", "card.set_team", "card.freeze"]));
    expect(written.filter((action) => !labels[action]?.trim())).toEqual([]);
  });
});
