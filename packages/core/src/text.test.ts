import { describe, expect, it } from "vitest";
import { normalizeText, textProblem } from "./text.ts";
import { cardNameSchema, emailSchema, fullNameSchema } from "./validation.ts";

describe("the shared text rule", () => {
  it("accepts Icelandic text, emoji (a whole surrogate pair), tabs and line breaks", () => {
    for (const text of ["Þórður Ægisson", "Ölgerðin 🍺", "lína 1\nlína 2\r\n\tinndregin", ""]) {
      expect(textProblem(text)).toBeNull();
    }
  });

  it("refuses control characters and half surrogate pairs", () => {
    expect(textProblem("a\u0000b")).toBe("control_character");
    expect(textProblem("\u001b[31m")).toBe("control_character");
    expect(textProblem("a\u007f")).toBe("control_character");
    expect(textProblem("a\u0085")).toBe("control_character");
    expect(textProblem("a\ud800")).toBe("unpaired_surrogate");
    expect(textProblem("\udc00a")).toBe("unpaired_surrogate");
    expect(textProblem("\udc00\ud800")).toBe("unpaired_surrogate");
  });

  it("normalises to NFC", () => {
    expect(normalizeText("Jo\u0301n")).toBe("Jón");
    expect(normalizeText("Jón")).toBe("Jón");
  });

  it("is part of the shared form schemas", () => {
    expect(fullNameSchema.parse(" Jo\u0301n ")).toBe("Jón");
    expect(cardNameSchema.safeParse("Kort\u0000").success).toBe(false);
    expect(emailSchema.safeParse("a\u0000@b.is").error?.issues[0]?.message).toBe("validation.text");
  });
});
