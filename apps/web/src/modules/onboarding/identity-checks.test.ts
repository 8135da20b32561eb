import { describe, expect, it } from "vitest";
import { checkKennitala, checkMobile } from "./identity-checks.ts";

describe("checkKennitala", () => {
  it("accepts a company's kennitala for a company, with or without the dash", () => {
    expect(checkKennitala("470119-1010", "company")).toEqual({ ok: true, value: "4701191010" });
    expect(checkKennitala("6205220580", "company")).toEqual({ ok: true, value: "6205220580" });
  });

  it("accepts a person's kennitala for a person", () => {
    expect(checkKennitala("120385-2169", "person")).toEqual({ ok: true, value: "1203852169" });
  });

  it("tells a wrong kind from an invalid number", () => {
    expect(checkKennitala("120385-2169", "company")).toEqual({ ok: false, message: "errorReasons.not_company" });
    expect(checkKennitala("470119-1010", "person")).toEqual({ ok: false, message: "errorReasons.not_person" });
    expect(checkKennitala("010130-2979", "person")).toEqual({ ok: false, message: "validation.kennitala" });
    expect(checkKennitala("", "company")).toEqual({ ok: false, message: "validation.kennitala" });
  });
});

describe("checkMobile", () => {
  it("accepts a mobile number in any written form, as E.164", () => {
    expect(checkMobile("612 3456")).toEqual({ ok: true, value: "+3546123456" });
    expect(checkMobile("+354 712-3456")).toEqual({ ok: true, value: "+3547123456" });
  });

  it("refuses a landline and a number that is not Icelandic", () => {
    expect(checkMobile("512 3456")).toEqual({ ok: false, message: "errorReasons.not_mobile" });
    expect(checkMobile("+45 12345678")).toEqual({ ok: false, message: "validation.phone" });
    expect(checkMobile("")).toEqual({ ok: false, message: "validation.phone" });
  });
});
