import { describe, expect, it } from "vitest";
import { formatKennitalaTyping, formatPhoneTyping } from "./typing-format.ts";

describe("formatKennitalaTyping", () => {
  it("adds the dash after six digits as they are typed", () => {
    expect(formatKennitalaTyping("010")).toBe("010");
    expect(formatKennitalaTyping("010130")).toBe("010130");
    expect(formatKennitalaTyping("0101302")).toBe("010130-2");
    expect(formatKennitalaTyping("0101302989")).toBe("010130-2989");
  });

  it("keeps digits only, ten at most, wherever the dash was typed", () => {
    expect(formatKennitalaTyping("010130-2989")).toBe("010130-2989");
    expect(formatKennitalaTyping("01 01 30 29 89 77")).toBe("010130-2989");
    expect(formatKennitalaTyping("abc")).toBe("");
  });
});

describe("formatPhoneTyping", () => {
  it("groups a national number 3 + 4", () => {
    expect(formatPhoneTyping("61")).toBe("61");
    expect(formatPhoneTyping("6123")).toBe("612 3");
    expect(formatPhoneTyping("612-3456")).toBe("612 3456");
    expect(formatPhoneTyping("61234567")).toBe("612 3456");
  });

  it("leaves a number with its country code as typed", () => {
    expect(formatPhoneTyping("+354 612")).toBe("+354 612");
    expect(formatPhoneTyping("00354")).toBe("00354");
  });
});
