import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  defaultRange,
  filterOfView,
  periodChoices,
  viewFromParams,
  withoutFilters,
  withParam,
  withRange,
} from "./ledger-view.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const TEAM = "0b5f6a52-3d8e-4c1f-9a57-2f1c8e6d4b10";
const HOLDER = "6c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e5";

describe("viewFromParams", () => {
  it("defaults to the current billing period, newest first, with nothing filtered", () => {
    const view = viewFromParams(new URLSearchParams(), NOW);
    expect(view).toMatchObject({
      fromDate: "2026-10-27",
      toDate: "2026-11-26",
      defaultRange: true,
      team: null,
      todo: null,
      search: "",
      sort: "DATE_DESC",
    });
    expect(activeFilterCount(view)).toBe(0);
  });

  it("reads every filter a link carries", () => {
    const params = new URLSearchParams(
      `fromDate=2026-01-01&toDate=2026-03-31&team=${TEAM}&holder=${HOLDER}&unsettled=true&exported=false` +
        "&todo=MissingReceipt&q=%20B%C3%B3nus%20&sort=AMOUNT_ASC",
    );
    const view = viewFromParams(params, NOW);
    expect(view).toMatchObject({
      fromDate: "2026-01-01",
      toDate: "2026-03-31",
      defaultRange: false,
      team: TEAM,
      holder: HOLDER,
      unsettled: true,
      exported: false,
      todo: "MissingReceipt",
      search: "Bónus",
      sort: "AMOUNT_ASC",
    });
    expect(activeFilterCount(view)).toBe(6);
  });

  it("ignores what it cannot read: half a range, a reversed one, impossible days, junk ids and values", () => {
    const bad = [
      "fromDate=2026-01-01",
      "fromDate=2026-03-01&toDate=2026-01-01",
      "fromDate=2026-02-30&toDate=2026-03-01",
      "team=not-a-uuid&unsettled=yes&todo=Nothing&sort=NAME",
    ];
    for (const text of bad) {
      const view = viewFromParams(new URLSearchParams(text), NOW);
      expect(view).toMatchObject({ ...defaultRange(NOW), team: null, unsettled: null, todo: null, sort: "DATE_DESC" });
    }
  });

  it("cuts a search to the server's 100 characters", () => {
    expect(viewFromParams(new URLSearchParams(`q=${"a".repeat(150)}`), NOW).search).toHaveLength(100);
  });
});

describe("filterOfView", () => {
  it("sends only what is set, ids as lists, and leaves the todo rule out for the counts", () => {
    const view = viewFromParams(new URLSearchParams(`team=${TEAM}&todo=MissingCategory&exported=true`), NOW);
    expect(filterOfView(view)).toEqual({
      from_date: "2026-10-27",
      to_date: "2026-11-26",
      team_ids: [TEAM],
      exported: true,
      todo: "MissingCategory",
    });
    expect(filterOfView(view, { withTodo: false })).not.toHaveProperty("todo");
  });
});

describe("URL changes", () => {
  it("sets and removes one setting and keeps the rest", () => {
    const params = new URLSearchParams("fromDate=2026-01-01&toDate=2026-01-31&sort=AMOUNT_DESC");
    const withTeam = withParam(params, "team", TEAM);
    expect(withTeam.get("team")).toBe(TEAM);
    expect(withTeam.get("sort")).toBe("AMOUNT_DESC");
    expect(withParam(withTeam, "team", null).has("team")).toBe(false);
    expect(withParam(withTeam, "q", "").has("q")).toBe(false);
  });

  it("writes both days of a range, or neither for the current period", () => {
    const ranged = withRange(new URLSearchParams("q=x"), { fromDate: "2026-05-27", toDate: "2026-06-26" });
    expect(ranged.toString()).toBe("q=x&fromDate=2026-05-27&toDate=2026-06-26");
    expect(withRange(ranged, null).toString()).toBe("q=x");
  });

  it("clears the filters but keeps the range and the sort", () => {
    const params = new URLSearchParams(`fromDate=2026-01-01&toDate=2026-01-31&team=${TEAM}&q=x&sort=DATE_ASC`);
    expect(withoutFilters(params).toString()).toBe("fromDate=2026-01-01&toDate=2026-01-31&sort=DATE_ASC");
  });
});

describe("periodChoices", () => {
  it("offers the current billing period and the five before it, 27th to 26th, across a year end", () => {
    expect(periodChoices(new Date("2026-02-03T10:00:00Z"))).toEqual([
      { fromDate: "2026-01-27", toDate: "2026-02-26" },
      { fromDate: "2025-12-27", toDate: "2026-01-26" },
      { fromDate: "2025-11-27", toDate: "2025-12-26" },
      { fromDate: "2025-10-27", toDate: "2025-11-26" },
      { fromDate: "2025-09-27", toDate: "2025-10-26" },
      { fromDate: "2025-08-27", toDate: "2025-09-26" },
    ]);
  });
});
