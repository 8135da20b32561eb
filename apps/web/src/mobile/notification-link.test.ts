import { describe, expect, it } from "vitest";
import { notificationLink } from "./notification-link.ts";

describe("notificationLink", () => {
  it("opens the reminded purchase, or the list for several", () => {
    expect(notificationLink("transaction.reminder", { transaction_ids: ["a1"] })).toBe("/app/transactions/a1");
    expect(notificationLink("transaction.reminder", { transaction_ids: ["a1", "b2"] })).toBe("/app/transactions");
    expect(notificationLink("transaction.reminder", {})).toBe("/app/transactions");
  });

  it("opens a receipt's purchase when it has one, and nothing for notices without a page", () => {
    expect(notificationLink("receipt.attached", { transaction_id: "t9" })).toBe("/app/transactions/t9");
    expect(notificationLink("card.locked_for_review", { transaction_id: "t9" })).toBe("/app/transactions/t9");
    expect(notificationLink("receipt.unmatched", { transaction_id: "t9" })).toBeNull();
    expect(notificationLink("team.budget_alert", {})).toBeNull();
  });
});
