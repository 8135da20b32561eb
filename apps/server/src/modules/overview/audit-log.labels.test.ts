import { readFileSync } from "node:fs";
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

describe("the audit log's action labels", () => {
  it.each(["is", "en"] as const)("name every listed action and issue 19's changes in %s", (language) => {
    const labels = catalogue(language).overview.audit.actions;
    const missing = [...new Set([...namedInAreas, ...ISSUE_19_ACTIONS])].filter((action) => !labels[action]?.trim());
    expect(missing).toEqual([]);
  });

  it("lists issue 19's spend-rule changes in an area, so the page shows them", () => {
    const listed = (action: string) =>
      Object.values(AUDIT_AREA_ACTIONS).some((patterns) =>
        patterns.some((pattern) =>
          new RegExp(`^${pattern.replaceAll(".", "\\.").replaceAll("%", ".*")}$`).test(action),
        ),
      );
    expect(ISSUE_19_ACTIONS.filter((action) => !listed(action))).toEqual([]);
  });
});
