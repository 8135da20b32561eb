import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import is from "../../locales/is.json";
import { NOTIFICATION_KINDS, notificationText } from "./notification-text.ts";

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
});
