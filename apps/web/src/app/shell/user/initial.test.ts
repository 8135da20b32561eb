import { describe, expect, it } from "vitest";
import { initialOf } from "./initial.ts";

describe("initialOf", () => {
  it("takes the first letter, capitalised", () => {
    expect(initialOf("Anna Jónsdóttir")).toBe("A");
    expect(initialOf("  þórdís")).toBe("Þ");
    expect(initialOf("ægir")).toBe("Æ");
  });

  it("gives a question mark without a name", () => {
    expect(initialOf("")).toBe("?");
    expect(initialOf("   ")).toBe("?");
    expect(initialOf(null)).toBe("?");
  });
});
