import { describe, expect, it } from "vitest";
import { budgetUsage } from "./budget-usage.ts";

describe("budgetUsage", () => {
  it("has no bar without a budget", () => {
    expect(budgetUsage(5000, null)).toBeNull();
  });

  it("is normal under 80%, a warning from 80% and over from 100%", () => {
    expect(budgetUsage(0, 800_000)).toEqual({ percent: 0, tone: "normal" });
    expect(budgetUsage(639_999, 800_000)?.tone).toBe("normal");
    expect(budgetUsage(640_000, 800_000)).toEqual({ percent: 80, tone: "warning" });
    expect(budgetUsage(800_000, 800_000)).toEqual({ percent: 100, tone: "over" });
  });

  it("caps the bar at 100% and keeps refunds from going below 0", () => {
    expect(budgetUsage(1_200_000, 800_000)).toEqual({ percent: 100, tone: "over" });
    expect(budgetUsage(-500, 800_000)).toEqual({ percent: 0, tone: "normal" });
  });

  it("treats any spend against a zero budget as over it", () => {
    expect(budgetUsage(0, 0)).toEqual({ percent: 0, tone: "normal" });
    expect(budgetUsage(1, 0)).toEqual({ percent: 100, tone: "over" });
  });
});
