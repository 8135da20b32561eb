import { describe, expect, it } from "vitest";
import { teamLimitOrderProblem } from "./teams.ts";

describe("teamLimitOrderProblem", () => {
  it("accepts limits in order and any that are not set", () => {
    expect(teamLimitOrderProblem({ max_monthly: 900, max_weekly: 300, max_daily: 100 })).toBeNull();
    expect(teamLimitOrderProblem({ max_monthly: null, max_weekly: null, max_daily: null })).toBeNull();
    expect(teamLimitOrderProblem({ max_monthly: null, max_weekly: 100, max_daily: 100 })).toBeNull();
  });

  it("names the shorter period whose maximum is above a longer one's", () => {
    expect(teamLimitOrderProblem({ max_monthly: 100, max_weekly: 200, max_daily: null })).toBe("max_weekly");
    expect(teamLimitOrderProblem({ max_monthly: null, max_weekly: 100, max_daily: 200 })).toBe("max_daily");
    expect(teamLimitOrderProblem({ max_monthly: 100, max_weekly: null, max_daily: 200 })).toBe("max_daily");
  });
});
