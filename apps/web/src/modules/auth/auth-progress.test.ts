import { describe, expect, it } from "vitest";
import { authProgress } from "./auth-progress.ts";

describe("authProgress", () => {
  it("counts 2 steps for sign-in", () => {
    expect(authProgress("email")).toEqual({ current: 1, total: 2 });
    expect(authProgress("signinPhoneVerify")).toEqual({ current: 2, total: 2 });
    expect(authProgress("signinSecurityCode")).toEqual({ current: 2, total: 2 });
  });

  it("counts 5 steps for sign-up, the e-mail first", () => {
    expect(authProgress("signupEmail")).toEqual({ current: 1, total: 5 });
    expect(authProgress("signupFullName")).toEqual({ current: 2, total: 5 });
    expect(authProgress("signupNin")).toEqual({ current: 3, total: 5 });
    expect(authProgress("signupSecurityCode")).toEqual({ current: 4, total: 5 });
    expect(authProgress("signupPhone")).toEqual({ current: 5, total: 5 });
    expect(authProgress("signupPhoneVerify")).toEqual({ current: 5, total: 5 });
    expect(authProgress("signupNin", 5)).toEqual({ current: 3, total: 5 });
  });

  it("drops the e-mail step when 4 are stamped (an invitation)", () => {
    expect(authProgress("signupFullName", 4)).toEqual({ current: 1, total: 4 });
    expect(authProgress("signupNin", 4)).toEqual({ current: 2, total: 4 });
    expect(authProgress("signupSecurityCode", 4)).toEqual({ current: 3, total: 4 });
    expect(authProgress("signupPhoneVerify", 4)).toEqual({ current: 4, total: 4 });
    expect(authProgress("email", 4)).toEqual({ current: 1, total: 2 });
  });
});
