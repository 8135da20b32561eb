import { describe, expect, it } from "vitest";
import { cursorFromText, encodeCursor, timeCursorFromText } from "./keyset-cursor.ts";

const id = "0190c2a5-8f1e-7b3a-9c4d-123456789abc";
const parses = (value: string) => timeCursorFromText.safeParse(encodeCursor({ value, id })).success;

describe("cursors", () => {
  it("read back what they were written as", () => {
    const text = encodeCursor({ value: "Anna Jónsdóttir", id });
    expect(cursorFromText.parse(text)).toEqual({ value: "Anna Jónsdóttir", id });
    expect(cursorFromText.safeParse("not-a-cursor").success).toBe(false);
    expect(cursorFromText.safeParse(encodeCursor({ value: "x", id: "not-a-uuid" })).success).toBe(false);
  });

  it("of a list by time take PostgreSQL's text of a time, an ISO time or a day", () => {
    expect(parses("2026-11-29 16:52:48.123456+00")).toBe(true);
    expect(parses("2026-11-29 16:52:48+05:30")).toBe(true);
    expect(parses("2026-11-29T16:52:48.123Z")).toBe(true);
    expect(parses("2026-11-01")).toBe(true);
  });

  it("of a list by time refuse what PostgreSQL could not read back as a time", () => {
    for (const value of [
      "yesterday",
      "2026-02-30",
      "2026-13-01 00:00:00+00",
      "0000-01-01",
      "2026-11-29 24:00:00+00",
      "2026-11-29 16:60:00+00",
      "2026-11-29 16:52:48+16",
      "2026-11-29 16:52:48.1234567+00",
      "2026-11-29 16:52:48",
    ]) {
      expect(parses(value), value).toBe(false);
    }
  });
});
