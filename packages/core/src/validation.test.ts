import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import {
  amountInputSchema,
  cardNameSchema,
  emailSchema,
  fullNameSchema,
  icelandicPhoneSchema,
  isoDateSchema,
  isValidEmail,
  kennitalaSchema,
  mobilePhoneSchema,
  moneyAmountSchema,
  passcodeSchema,
  verificationCodeSchema,
} from "./validation.ts";
import { CARD_NAME_MAX_LENGTH, isUuid, textLength, VALIDATION_MESSAGES } from "./validation-rules.ts";

/** The first issue's message of a failed parse, or undefined when the parse succeeds. */
function messageOf(schema: ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe("textLength", () => {
  it("checks an exact length", () => {
    expect(textLength("123456", { equals: 6 })).toBe(true);
    expect(textLength("12345", { equals: 6 })).toBe(false);
  });

  it("checks a length within min and max, inclusive", () => {
    expect(textLength("", { min: 0, max: 3 })).toBe(true);
    expect(textLength("abc", { min: 1, max: 3 })).toBe(true);
    expect(textLength("abcd", { min: 1, max: 3 })).toBe(false);
    expect(textLength("", { min: 1, max: 3 })).toBe(false);
  });

  it("agrees with the length for any text", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(40), fc.nat(40), (text, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        expect(textLength(text, { min, max })).toBe(text.length >= min && text.length <= max);
        expect(textLength(text, { equals: a })).toBe(text.length === a);
      }),
    );
  });
});

describe("isUuid", () => {
  it("takes the ids the server writes, in either case, and nothing around or inside them", () => {
    expect(isUuid("0192f3a4-5b6c-7d8e-9f01-23456789abcd")).toBe(true);
    expect(isUuid("0192F3A4-5B6C-7D8E-9F01-23456789ABCD")).toBe(true);
    for (const value of [
      "",
      "new",
      "0192f3a45b6c7d8e9f0123456789abcd",
      " 0192f3a4-5b6c-7d8e-9f01-23456789abcd",
      "0192f3a4-5b6c-7d8e-9f01-23456789abcd/x",
      "0192f3a4-5b6c-7d8e-9f01-23456789abcg",
      "{0192f3a4-5b6c-7d8e-9f01-23456789abcd}",
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});

describe("emailSchema", () => {
  it("trims and lower-cases", () => {
    expect(emailSchema.parse("  Owner@Demo.IS ")).toBe("owner@demo.is");
  });

  it.each(["a@b.is", "jon.jonsson@fyrirtaeki.co.is", "x+tag@mail.example.com", "þóra@dæmi.is"])(
    "accepts %j",
    (text) => {
      expect(isValidEmail(text)).toBe(true);
    },
  );

  it.each([
    ["", VALIDATION_MESSAGES.required],
    ["   ", VALIDATION_MESSAGES.required],
    ["owner", VALIDATION_MESSAGES.email],
    ["owner@demo", VALIDATION_MESSAGES.email],
    ["@demo.is", VALIDATION_MESSAGES.email],
    ["owner@.is", VALIDATION_MESSAGES.email],
    ["owner@demo.", VALIDATION_MESSAGES.email],
    ["ow ner@demo.is", VALIDATION_MESSAGES.email],
    ["a@b@c.is", VALIDATION_MESSAGES.email],
    [`${"a".repeat(250)}@b.is`, VALIDATION_MESSAGES.tooLong],
  ])("refuses %j with %s", (text, message) => {
    expect(messageOf(emailSchema, text)).toBe(message);
    expect(isValidEmail(text)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(emailSchema.safeParse(42).success).toBe(false);
  });
});

describe("cardNameSchema", () => {
  it("accepts up to 30 characters, trimmed", () => {
    expect(cardNameSchema.parse("  Auglýsingar  ")).toBe("Auglýsingar");
    expect(cardNameSchema.parse("x".repeat(CARD_NAME_MAX_LENGTH))).toHaveLength(30);
  });

  it("requires a name and refuses 31 characters", () => {
    expect(messageOf(cardNameSchema, "")).toBe(VALIDATION_MESSAGES.required);
    expect(messageOf(cardNameSchema, "   ")).toBe(VALIDATION_MESSAGES.required);
    expect(messageOf(cardNameSchema, "x".repeat(31))).toBe(VALIDATION_MESSAGES.tooLong);
  });
});

describe("fullNameSchema", () => {
  it("requires a name", () => {
    expect(fullNameSchema.parse(" Jón Jónsson ")).toBe("Jón Jónsson");
    expect(messageOf(fullNameSchema, " ")).toBe(VALIDATION_MESSAGES.required);
  });
});

describe("verificationCodeSchema / passcodeSchema", () => {
  it("takes exactly 6 and 4 digits", () => {
    expect(verificationCodeSchema.parse(" 123456 ")).toBe("123456");
    expect(passcodeSchema.parse("1234")).toBe("1234");
    for (const text of ["12345", "1234567", "12345a", "", "１２３４５６"]) {
      expect(messageOf(verificationCodeSchema, text)).toBe(VALIDATION_MESSAGES.verificationCode);
    }
    for (const text of ["123", "12345", "12a4", ""]) {
      expect(messageOf(passcodeSchema, text)).toBe(VALIDATION_MESSAGES.passcode);
    }
  });
});

describe("mobilePhoneSchema", () => {
  it("takes a mobile number as E.164 and refuses a landline, which no SMS code reaches", () => {
    expect(mobilePhoneSchema.parse("+354 612 3456")).toBe("+3546123456");
    expect(mobilePhoneSchema.safeParse("511 2233").error?.issues[0]).toMatchObject({
      message: VALIDATION_MESSAGES.phone,
      params: { reason: "not_mobile" },
    });
    expect(mobilePhoneSchema.safeParse("12").error?.issues[0]).toMatchObject({ message: VALIDATION_MESSAGES.phone });
  });
});

describe("kennitalaSchema / icelandicPhoneSchema / amountInputSchema", () => {
  it("output the normalised value", () => {
    expect(kennitalaSchema.parse("120393-2009")).toBe("1203932009");
    expect(icelandicPhoneSchema.parse("612 3456")).toBe("+3546123456");
    expect(amountInputSchema.parse("100.000")).toBe(100000);
  });

  it("report a translation key and the reason", () => {
    const kennitala = kennitalaSchema.safeParse("1203932019");
    expect(kennitala.error?.issues[0]).toMatchObject({
      message: VALIDATION_MESSAGES.kennitala,
      params: { reason: "checksum" },
    });
    expect(messageOf(icelandicPhoneSchema, "123")).toBe(VALIDATION_MESSAGES.phone);
    expect(amountInputSchema.safeParse("10k").error?.issues[0]).toMatchObject({
      message: VALIDATION_MESSAGES.amount,
      params: { reason: "abbreviation" },
    });
  });
});

describe("moneyAmountSchema / isoDateSchema", () => {
  it("takes safe integers only", () => {
    expect(moneyAmountSchema.parse(-1234)).toBe(-1234);
    expect(moneyAmountSchema.safeParse(12.5).success).toBe(false);
    expect(moneyAmountSchema.safeParse(Number.MAX_SAFE_INTEGER + 1).success).toBe(false);
    expect(moneyAmountSchema.safeParse("100").success).toBe(false);
  });

  it("takes real YYYY-MM-DD dates only", () => {
    expect(isoDateSchema.parse("2026-11-26")).toBe("2026-11-26");
    expect(messageOf(isoDateSchema, "2026-02-30")).toBe(VALIDATION_MESSAGES.date);
    expect(messageOf(isoDateSchema, "26.11.2026")).toBe(VALIDATION_MESSAGES.date);
  });
});
