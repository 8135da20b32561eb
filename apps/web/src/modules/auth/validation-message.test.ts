import { emailSchema, kennitalaSchema, passcodeSchema, verificationCodeSchema } from "@kort/core";
import { describe, expect, it } from "vitest";
import { validationMessage } from "./validation-message.ts";

describe("validationMessage", () => {
  it("passes valid values", () => {
    expect(validationMessage(emailSchema, "owner@demo.is")).toBeNull();
    expect(validationMessage(passcodeSchema, "1234")).toBeNull();
    expect(validationMessage(verificationCodeSchema, "123456")).toBeNull();
  });

  it("gives the catalogue key of the first problem", () => {
    expect(validationMessage(emailSchema, "")).toBe("validation.required");
    expect(validationMessage(emailSchema, "owner@demo")).toBe("validation.email");
    expect(validationMessage(passcodeSchema, "12")).toBe("validation.passcode");
    expect(validationMessage(kennitalaSchema, "0101302979")).toBe("validation.kennitala");
  });

  it("falls back to 'required' for a message it does not know", () => {
    const schema = { safeParse: () => ({ success: false as const, error: { issues: [{ message: "odd" }] } }) };
    expect(validationMessage(schema, "x")).toBe("validation.required");
  });
});
