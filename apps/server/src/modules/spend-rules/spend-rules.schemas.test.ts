import { describe, expect, it } from "vitest";
import { merchantControlsSchema, receiptLockDaysSchema } from "./spend-rules.schemas.ts";

describe("merchant controls input", () => {
  it("trims names and drops duplicates as the rule compares them", () => {
    const parsed = merchantControlsSchema.parse({
      mode: "BLOCK",
      groups: ["gambling", "cash", "gambling"],
      merchants: [" Happy Casino ", "happy   casino", "Lotto"],
    });
    expect(parsed).toEqual({ mode: "BLOCK", groups: ["gambling", "cash"], merchants: ["Happy Casino", "Lotto"] });
  });

  it("refuses unknown groups and modes, blank or long names, and too many", () => {
    const base = { mode: "BLOCK", groups: [], merchants: [] };
    expect(merchantControlsSchema.safeParse({ ...base, groups: ["weapons"] }).success).toBe(false);
    expect(merchantControlsSchema.safeParse({ ...base, mode: "ALLOW" }).success).toBe(false);
    expect(merchantControlsSchema.safeParse({ ...base, merchants: ["  "] }).success).toBe(false);
    expect(merchantControlsSchema.safeParse({ ...base, merchants: ["x".repeat(101)] }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => `Verslun ${i}`);
    expect(merchantControlsSchema.safeParse({ ...base, merchants: many }).success).toBe(false);
  });
});

describe("receipt lock days", () => {
  it("takes 1 to 365 whole days, or null for off", () => {
    expect(receiptLockDaysSchema.parse(null)).toBeNull();
    expect(receiptLockDaysSchema.parse(7)).toBe(7);
    for (const bad of [0, 366, 1.5, -1, "7"]) expect(receiptLockDaysSchema.safeParse(bad).success).toBe(false);
  });
});
