import { describe, expect, it } from "vitest";
import { canSendInvite, INVITE_ROLE_CHOICES, inviteRoleName, inviteSettings } from "./people.ts";

describe("invite role choices (spec 4)", () => {
  it("map admin to project owner and keep the others", () => {
    expect(INVITE_ROLE_CHOICES.map(inviteRoleName)).toEqual(["user", "team_admin", "project_owner", "accountant"]);
  });
});

describe("invite settings (spec 5)", () => {
  it("sends none when both values are the defaults, or for roles other than team admin", () => {
    expect(
      inviteSettings("team_admin", { max_monthly_limit: null, allow_issuing_cards_to_self: true }),
    ).toBeUndefined();
    expect(inviteSettings("user", { max_monthly_limit: 5000, allow_issuing_cards_to_self: false })).toBeUndefined();
  });

  it("sends both values when either differs from its default", () => {
    expect(inviteSettings("team_admin", { max_monthly_limit: 250_000, allow_issuing_cards_to_self: true })).toEqual({
      limit_control: { max_monthly_limit: 250_000, allow_issuing_cards_to_self: true },
    });
    expect(inviteSettings("team_admin", { max_monthly_limit: null, allow_issuing_cards_to_self: false })).toEqual({
      limit_control: { max_monthly_limit: null, allow_issuing_cards_to_self: false },
    });
  });
});

describe("canSendInvite (spec 4)", () => {
  const ready = { role: "user" as const, email: "anna@fyrirtaeki.is", teamId: null };

  it("needs a role and a valid e-mail", () => {
    expect(canSendInvite(ready)).toBe(true);
    expect(canSendInvite({ ...ready, role: null })).toBe(false);
    expect(canSendInvite({ ...ready, email: "anna@fyrirtaeki" })).toBe(false);
    expect(canSendInvite({ ...ready, email: "  anna@fyrirtaeki.is " })).toBe(true);
  });

  it("needs a team for a team admin only", () => {
    expect(canSendInvite({ ...ready, role: "team_admin" })).toBe(false);
    expect(canSendInvite({ ...ready, role: "team_admin", teamId: "team" })).toBe(true);
    expect(canSendInvite({ ...ready, role: "accountant" })).toBe(true);
  });
});
