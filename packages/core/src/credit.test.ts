import { describe, expect, it } from "vitest";
import { depositAccountRefusal, formatBankAccount, isValidBankAccount, parseBankAccount } from "./credit.ts";

describe("bank account numbers (4 + 2 + 6 digits)", () => {
  it.each(["0133-26-012345", "013326012345", "0133 26 012345", " 0133-26-012345 "])("reads %j", (text) => {
    const account = parseBankAccount(text);
    expect(account).toEqual({ bank: "0133", ledger: "26", account: "012345" });
    expect(account && formatBankAccount(account)).toBe("0133-26-012345");
  });

  it.each([
    "",
    "0133-26-01234",
    "0133-26-0123456",
    "133-26-012345",
    "0133-2-6012345",
    "0133--26-012345",
    "0133-26-01234a",
    "01332601234５",
    "0133/26/012345",
  ])("refuses %j", (text) => {
    expect(parseBankAccount(text)).toBeNull();
    expect(isValidBankAccount(text)).toBe(false);
  });
});

describe("who may fund a company's credit", () => {
  it("takes the company's own account", () => {
    expect(depositAccountRefusal("COMPANY", "5501692829", "5501692829")).toBeNull();
    expect(depositAccountRefusal("COMPANY", "550169-2829", "5501692829")).toBeNull();
  });
  it("refuses a parent's or a subsidiary's account, whatever kennitala it names", () => {
    expect(depositAccountRefusal("PARENT", "5501692829", "5501692829")).toBe("TRANSFER_RELATED_COMPANY_ACCOUNT");
    expect(depositAccountRefusal("SUBSIDIARY", "4101692889", "5501692829")).toBe("TRANSFER_RELATED_COMPANY_ACCOUNT");
  });
  it("refuses an account held under another kennitala", () => {
    expect(depositAccountRefusal("COMPANY", "4101692889", "5501692829")).toBe("TRANSFER_ACCOUNT_NOT_COMPANY_OWNED");
  });
});
