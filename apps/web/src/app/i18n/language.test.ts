import { describe, expect, it } from "vitest";
import { localeOf, parseLanguage } from "./language.ts";

describe("language", () => {
  it("defaults to Icelandic", () => {
    expect(parseLanguage(null)).toBe("is");
    expect(parseLanguage("de")).toBe("is");
    expect(parseLanguage("en")).toBe("en");
  });

  it("maps to the API locale", () => {
    expect(localeOf("is")).toBe("is-IS");
    expect(localeOf("en")).toBe("en-US");
  });
});
