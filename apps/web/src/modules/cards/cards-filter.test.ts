import { describe, expect, it } from "vitest";
import { filterFromParams, pageFromParams } from "./cards-filter.ts";

describe("cards filter from the URL", () => {
  it("reads status, type, team, holder and the trimmed search; ignores unknown values", () => {
    const params = new URLSearchParams("status=ACTIVE&type=EMPLOYEE_EXPENSE&team=t1&holder=u1");
    expect(filterFromParams(params, "  bens ")).toEqual({
      status: "ACTIVE",
      card_type: "EMPLOYEE_EXPENSE",
      team_id: "t1",
      cardholder_id: "u1",
      description: "bens",
    });
    expect(filterFromParams(new URLSearchParams("status=open&type=x"), "")).toEqual({});
  });

  it("reads the page from 1", () => {
    expect(pageFromParams(new URLSearchParams("page=3"))).toBe(3);
    expect(pageFromParams(new URLSearchParams("page=-1"))).toBe(1);
    expect(pageFromParams(new URLSearchParams(""))).toBe(1);
  });
});
