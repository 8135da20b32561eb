import { describe, expect, it } from "vitest";
import { parseDayText } from "./day-text.ts";

describe("parseDayText", () => {
  it("reads the forms the field shows, in both languages", () => {
    expect(parseDayText("09.10.2026")).toBe("2026-10-09");
    expect(parseDayText("9 Oct 2026")).toBe("2026-10-09");
  });

  it("reads short and long variants and the ISO form", () => {
    expect(parseDayText(" 9.10.2026 ")).toBe("2026-10-09");
    expect(parseDayText("9. október 2026")).toBe("2026-10-09");
    expect(parseDayText("9 okt 2026")).toBe("2026-10-09");
    expect(parseDayText("9 October 2026")).toBe("2026-10-09");
    expect(parseDayText("31 des. 2099")).toBe("2099-12-31");
    expect(parseDayText("1 ágú 2027")).toBe("2027-08-01");
    expect(parseDayText("2026-10-09")).toBe("2026-10-09");
  });

  it("refuses days that do not exist, half-typed days and the ambiguous slash form", () => {
    expect(parseDayText("31.02.2026")).toBeNull();
    expect(parseDayText("29.02.2027")).toBeNull();
    expect(parseDayText("29.02.2028")).toBe("2028-02-29");
    expect(parseDayText("09.10.20")).toBeNull();
    expect(parseDayText("09.10")).toBeNull();
    expect(parseDayText("10/09/2026")).toBeNull();
    expect(parseDayText("9 Foo 2026")).toBeNull();
    expect(parseDayText("")).toBeNull();
  });
});
