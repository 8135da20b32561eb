import { describe, expect, it } from "vitest";
import { filterOptions, matchesQuery, nextSelection } from "./dropdown-filter.ts";

const options = [
  { id: "1", title: "Sala og markaður", subtitle: "Teymi 1" },
  { id: "2", title: "Þróun", search: ["developers", "R&D"] },
  { id: "3", title: "Fjármál" },
];

describe("dropdown filtering", () => {
  it("matches title, sub-title and search strings, case-insensitive and trimmed", () => {
    expect(filterOptions(options, "  SALA ").map((option) => option.id)).toEqual(["1"]);
    expect(filterOptions(options, "teymi").map((option) => option.id)).toEqual(["1"]);
    expect(filterOptions(options, "r&d").map((option) => option.id)).toEqual(["2"]);
    expect(filterOptions(options, "þRÓ").map((option) => option.id)).toEqual(["2"]);
  });

  it("keeps everything for an empty query and nothing for a miss", () => {
    expect(filterOptions(options, "   ")).toHaveLength(3);
    expect(filterOptions(options, "xyz")).toEqual([]);
    expect(matchesQuery({ title: "A" }, "")).toBe(true);
  });
});

describe("nextSelection", () => {
  it("toggles off the chosen option only when toggleable", () => {
    expect(nextSelection("1", "1", true)).toBeNull();
    expect(nextSelection("1", "1", false)).toBe("1");
    expect(nextSelection("1", "2", true)).toBe("2");
    expect(nextSelection(null, "2", false)).toBe("2");
  });
});
