import { describe, expect, it } from "vitest";
import {
  type CreateCardForm,
  canSubmitCard,
  createCardVariables,
  EMPTY_CREATE_CARD_FORM,
  isOverAccountLimit,
  limitPeriodOf,
} from "./create-card-form.ts";

const today = new Date("2026-11-21T12:00:00Z");
const filled: CreateCardForm = {
  ...EMPTY_CREATE_CARD_FORM,
  cardType: "EMPLOYEE_EXPENSE",
  userId: "u1",
  cardName: "Auglýsingar",
};
const gate = { creating: false, limitBlocked: false, needsTeam: false };

describe("create card form", () => {
  it("defaults to 100000 monthly with no type chosen", () => {
    expect(EMPTY_CREATE_CARD_FORM).toMatchObject({ amount: 100_000, limitPeriodId: 2, cardType: null });
    expect([0, 1, 2, 3].map(limitPeriodOf)).toEqual(["DAILY", "WEEKLY", "MONTHLY", "NON_RECURRING"]);
  });

  it("disables submit while the user is unset, creating, blocked, or the name or amount is empty", () => {
    expect(canSubmitCard(filled, gate, today)).toBe(true);
    expect(canSubmitCard({ ...filled, userId: null }, gate, today)).toBe(false);
    expect(canSubmitCard({ ...filled, userId: "" }, gate, today)).toBe(false);
    expect(canSubmitCard(filled, { ...gate, creating: true }, today)).toBe(false);
    expect(canSubmitCard(filled, { ...gate, limitBlocked: true }, today)).toBe(false);
    expect(canSubmitCard({ ...filled, cardName: "  " }, gate, today)).toBe(false);
    expect(canSubmitCard({ ...filled, cardName: "x".repeat(31) }, gate, today)).toBe(false);
    expect(canSubmitCard({ ...filled, amount: null }, gate, today)).toBe(false);
  });

  it("needs a team when the holder needs one, and refuses past close dates", () => {
    expect(canSubmitCard(filled, { ...gate, needsTeam: true }, today)).toBe(false);
    expect(canSubmitCard({ ...filled, teamId: "t1" }, { ...gate, needsTeam: true }, today)).toBe(true);
    expect(canSubmitCard({ ...filled, willCloseAt: "2026-11-20" }, gate, today)).toBe(false);
    expect(canSubmitCard({ ...filled, willCloseAt: "2026-11-21" }, gate, today)).toBe(true);
  });

  it("sends one limit and the close date at 23:59:59.999 UTC for vendor cards only", () => {
    const vendor = createCardVariables({ ...filled, willCloseAt: "2026-12-01", amount: 5000, limitPeriodId: 0 });
    expect(vendor.input).toMatchObject({
      cardholder_id: "u1",
      limits: [{ sum_amount: 5000, period: "DAILY" }],
      will_close_at: "2026-12-01T23:59:59.999Z",
    });
    const business = createCardVariables({ ...filled, cardType: "BUSINESS_EXPENSE", willCloseAt: "2026-12-01" });
    expect(business.input.will_close_at).toBeUndefined();
  });

  it("compares the amount with the larger of credit limit and available", () => {
    const balance = { credit_limit: "1000000", available: "400000" };
    expect(isOverAccountLimit(1_000_000, balance)).toBe(false);
    expect(isOverAccountLimit(1_000_001, balance)).toBe(true);
    expect(isOverAccountLimit(5, undefined)).toBe(false);
  });
});
