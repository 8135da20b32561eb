import { MEMBER_ROLES } from "@kort/core";
import { describe, expect, it } from "vitest";
import { canSubmitInvite, EMPTY_INVITE_FORM, inviteChoicesFor, inviteVariables } from "./invite-form.ts";

describe("invite form (spec 4 and 5)", () => {
  it("offers the four choices in the panel's order, limited to the roles the caller may give", () => {
    expect(inviteChoicesFor(MEMBER_ROLES)).toEqual(["user", "team_admin", "admin", "accountant"]);
    expect(inviteChoicesFor(["user", "accountant"])).toEqual(["user", "accountant"]);
    expect(inviteChoicesFor([])).toEqual([]);
  });

  it("enables Send once a role and a valid e-mail are there, and a team for a team admin", () => {
    const form = { ...EMPTY_INVITE_FORM, email: "jon@fyrirtaeki.is" };
    expect(canSubmitInvite(form)).toBe(false);
    expect(canSubmitInvite({ ...form, choice: "admin" })).toBe(true);
    expect(canSubmitInvite({ ...form, choice: "team_admin" })).toBe(false);
    expect(canSubmitInvite({ ...form, choice: "team_admin", teamId: "t1" })).toBe(true);
    expect(canSubmitInvite({ ...form, choice: "user", email: "jon@" })).toBe(false);
  });

  it("maps admin to project owner and sends no settings when both are the defaults", () => {
    const form = { ...EMPTY_INVITE_FORM, email: " Jon@fyrirtaeki.is ", choice: "admin" as const };
    expect(inviteVariables(form)).toEqual({ email: "Jon@fyrirtaeki.is", role_name: "project_owner", team_id: null });
    const admin = { ...form, choice: "team_admin" as const, teamId: "t1" };
    expect(inviteVariables(admin)).toEqual({ email: "Jon@fyrirtaeki.is", role_name: "team_admin", team_id: "t1" });
    expect(inviteVariables({ ...admin, maxMonthlyLimit: 150_000 })).toEqual({
      email: "Jon@fyrirtaeki.is",
      role_name: "team_admin",
      team_id: "t1",
      settings: { limit_control: { max_monthly_limit: 150_000, allow_issuing_cards_to_self: true } },
    });
    expect(inviteVariables({ ...EMPTY_INVITE_FORM })).toBeNull();
  });
});
