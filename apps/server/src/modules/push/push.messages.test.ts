import { describe, expect, it } from "vitest";
import { decisionMessage, reminderMessage } from "./push.messages.ts";

describe("push messages", () => {
  it("words a decision in the person's language with the amount as ISK reads", () => {
    const decision = { authorizationId: "a1", merchant: "Bónus", amount: 1_234_567, url: "/app/transactions/t1" };
    expect(decisionMessage("is-IS", { ...decision, approved: true })).toEqual({
      title: "Greiðsla samþykkt",
      body: "Bónus · 1.234.567 kr.",
      url: "/app/transactions/t1",
      tag: "authorization:a1",
    });
    expect(decisionMessage("en-US", { ...decision, approved: false })).toMatchObject({
      title: "Purchase declined",
      body: "Bónus · 1.234.567 kr.",
    });
  });

  it("names the merchant of one reminded purchase and counts several", () => {
    const one = reminderMessage("is-IS", { merchants: ["Olís"], url: "/app/transactions/t1", tag: "r" });
    expect(one.body).toBe("Bættu kvittun og flokki við kaupin hjá Olís.");
    const several = reminderMessage("en-US", { merchants: ["Olís", "N1"], url: "/app/transactions", tag: "r" });
    expect(several).toMatchObject({ title: "Reminder", body: "Add receipts and categories to 2 purchases." });
  });
});
