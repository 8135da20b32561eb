import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import is from "../../locales/is.json";
import { NOTIFICATION_KINDS, notificationTarget, notificationText } from "./notification-text.ts";

describe("notificationText", () => {
  it("words a team budget alert by its level, with ISK as 1.234.567 kr.", () => {
    const payload = { team_name: "Sala", level: 80, spent: 1_234_567, budget: 1_500_000 };
    expect(notificationText("team.budget_alert", payload, "is-IS")).toEqual({
      key: "teamBudget80",
      values: { team: "Sala", spent: "1.234.567 kr.", budget: "1.500.000 kr." },
    });
    expect(notificationText("team.budget_alert", { ...payload, level: 100 }, "is-IS").key).toBe("teamBudget100");
  });

  it("reads an unknown kind or a malformed payload as the generic text, never throwing", () => {
    expect(notificationText("something.new", null, "en-US")).toEqual({ key: "other", values: {} });
    expect(notificationText("export.completed", { rows: "many" }, "en-US").values).toEqual({ count: 0 });
  });

  it("has a text in both languages for every kind the server writes", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { key } = notificationText(kind, { level: 80 }, "is-IS");
      expect(is.notifications.kinds[key], kind).toEqual(expect.any(String));
      expect(en.notifications.kinds[key], kind).toEqual(expect.any(String));
    }
  });

  it("opens what a notice is about when its payload names it, and nothing else", () => {
    const id = "0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b";
    expect(notificationTarget("card.capture_over_authorization", { transaction_id: id, card_id: id })).toBe(
      `/expenses/${id}`,
    );
    expect(notificationTarget("receipt.attached", { transaction_id: id })).toBe(`/expenses/${id}`);
    expect(notificationTarget("transaction.reminder", { transaction_ids: [id] })).toBe(`/expenses/${id}`);
    expect(notificationTarget("transaction.reminder", { transaction_ids: [id, id] })).toBe("/expenses");
    expect(notificationTarget("team.budget_alert", { team_id: id, level: 80 })).toBe(`/teams/${id}`);
    expect(notificationTarget("categorisation.rule_proposed", { proposal_id: id })).toBe("/accounting?tab=rules");
    // A receipt that found no purchase, an export, a lock: read where they are, nothing to open.
    expect(notificationTarget("receipt.unmatched", { transaction_id: null })).toBeUndefined();
    expect(notificationTarget("export.completed", { export_id: id })).toBeUndefined();
    expect(notificationTarget("something.new", { transaction_id: id })).toBeUndefined();
    // Only ids: a payload that would write another path leads nowhere.
    expect(notificationTarget("card.capture_over_authorization", { transaction_id: "../cards" })).toBeUndefined();
    expect(notificationTarget("team.budget_alert", { team_id: 7 })).toBeUndefined();
    expect(notificationTarget("transaction.reminder", { transaction_ids: ["../cards"] })).toBe("/expenses");
  });
});
