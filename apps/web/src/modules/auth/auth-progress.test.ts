import { describe, expect, it } from "vitest";
import { authProgress } from "./auth-progress.ts";

describe("authProgress", () => {
  it("counts 2 steps for sign-in", () => {
    expect(authProgress("email")).toEqual({ current: 1, total: 2 });
    expect(authProgress("signinPhoneVerify")).toEqual({ current: 2, total: 2 });
    expect(authProgress("signinSecurityCode")).toEqual({ current: 2, total: 2 });
  });

  it("counts 5 steps for sign-up", () => {
    expect(authProgress("signupFullName")).toEqual({ current: 1, total: 5 });
    expect(authProgress("signupNin")).toEqual({ current: 2, total: 5 });
    expect(authProgress("signupSecurityCode")).toEqual({ current: 3, total: 5 });
    expect(authProgress("signupPhone")).toEqual({ current: 4, total: 5 });
    expect(authProgress("signupPhoneVerify")).toEqual({ current: 5, total: 5 });
  });

  it("drops the first sign-up step when 4 are stamped", () => {
    expect(authProgress("signupNin", 4)).toEqual({ current: 1, total: 4 });
    expect(authProgress("signupPhoneVerify", 4)).toEqual({ current: 4, total: 4 });
    expect(authProgress("email", 4)).toEqual({ current: 1, total: 2 });
  });
});
