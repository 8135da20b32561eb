import { describe, expect, it } from "vitest";
import { afterSignInPath, authRedirectPath } from "./redirect-path.ts";

describe("authRedirectPath", () => {
  it("keeps path and query in redirectTo", () => {
    expect(authRedirectPath("/cards")).toBe("/auth?redirectTo=%2Fcards");
    expect(authRedirectPath("/cards", "?status=ACTIVE")).toBe("/auth?redirectTo=%2Fcards%3Fstatus%3DACTIVE");
    expect(authRedirectPath("/expenses", "?fromDate=2026-10-27&toDate=2026-11-26")).toBe(
      "/auth?redirectTo=%2Fexpenses%3FfromDate%3D2026-10-27%26toDate%3D2026-11-26",
    );
  });

  it("does not point back at the root or the auth pages", () => {
    expect(authRedirectPath("/")).toBe("/auth");
    expect(authRedirectPath("/auth/signin/securitycode")).toBe("/auth");
  });
});

describe("afterSignInPath", () => {
  it("returns an inside path as it is", () => {
    expect(afterSignInPath("/cards?status=ACTIVE")).toBe("/cards?status=ACTIVE");
    expect(afterSignInPath("/teams/42")).toBe("/teams/42");
  });

  it("refuses other sites, the auth pages and nothing at all", () => {
    for (const bad of [
      null,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/",
      "/auth",
      "/auth/x",
    ]) {
      expect(afterSignInPath(bad)).toBe("/expenses");
    }
    expect(afterSignInPath("/auth?redirectTo=%2Fcards")).toBe("/expenses");
  });
});
