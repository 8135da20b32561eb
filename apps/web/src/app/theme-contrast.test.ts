import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { themeIn } from "./theme.ts";
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn, readableTextVariables } from "./theme-contrast.ts";

const kort = themeIn({ close: "Loka" }).colors?.kort ?? [];
const colors = { ...DEFAULT_THEME.colors, kort };
const variables = readableTextVariables(colors, 6);
const WHITE = "#ffffff";

describe("readable text colours (WCAG AA, 4.5:1)", () => {
  it("computes WCAG's contrast ratio", () => {
    expect(contrastRatio("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBeCloseTo(1, 5);
    // Mantine's dimmed grey on white, as axe measured it in the dashboard.
    expect(contrastRatio("#868e96", WHITE)).toBeCloseTo(3.32, 2);
  });

  it("keeps a colour that already reads and darkens one that does not", () => {
    expect(readableOn("#000000", [WHITE])).toBe("#000000");
    const red = readableOn("#fa5252", [WHITE]);
    expect(red).not.toBe("#fa5252");
    expect(contrastRatio(red, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // The least darkening that reads: one step less does not.
    const lighter = readableOn("#fa5252", ["#fafafa"]);
    expect(contrastRatio(lighter, "#fafafa")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("makes dimmed text read on white and on the menu's grey", () => {
    const dimmed = variables["--mantine-color-dimmed"] ?? "";
    for (const background of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) {
      expect(contrastRatio(dimmed, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it.each(Object.keys(colors))("makes %s text, its light and outline variants and its filled label read", (name) => {
    const shades: readonly string[] = colors[name as keyof typeof colors];
    const [tint0 = "", tint1 = "", tint2 = ""] = shades;
    const read = (variable: string) => variables[`--mantine-color-${name}-${variable}`] ?? "";
    expect(contrastRatio(read("text"), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(read("text"), tint0)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(read("outline"), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(read("light-color"), tint1)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(read("light-color"), tint2)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(WHITE, read("filled"))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(WHITE, read("filled-hover"))).toBeGreaterThan(contrastRatio(WHITE, read("filled")));
  });

  it("leaves the dashboard's own blue as it is: it already reads", () => {
    expect(variables["--mantine-color-kort-filled"]).toBe(kort[6]);
  });
});
