import { describe, expect, it } from "vitest";
import { canCreateTeam, createTeamProblems, createTeamVariables, EMPTY_CREATE_TEAM_FORM } from "./create-team-form.ts";

const form = (patch: Partial<typeof EMPTY_CREATE_TEAM_FORM>) => ({ ...EMPTY_CREATE_TEAM_FORM, ...patch });

describe("the create-team form", () => {
  it("needs a name and an account code (spec 5)", () => {
    expect(createTeamProblems(EMPTY_CREATE_TEAM_FORM)).toEqual({ name: "required", accountCode: "required" });
    expect(createTeamProblems(form({ name: "  ", accountCode: "4010" }))).toEqual({ name: "required" });
    expect(canCreateTeam(form({ name: "Sala", accountCode: "4010" }))).toBe(true);
  });

  it("takes the category code rule for the account code: letters, digits, dots and dashes", () => {
    expect(createTeamProblems(form({ name: "Sala", accountCode: "40 10" }))).toEqual({ accountCode: "categoryCode" });
    expect(canCreateTeam(form({ name: "Sala", accountCode: " 4010-A " }))).toBe(true);
  });

  it("refuses what the server would: long texts and a budget beyond its ceiling", () => {
    expect(createTeamProblems(form({ name: "x".repeat(101), accountCode: "1".repeat(21) }))).toEqual({
      name: "tooLong",
      accountCode: "tooLong",
    });
    expect(createTeamProblems(form({ name: "Sala", accountCode: "4010", monthlyBudget: 2_147_483_648 }))).toEqual({
      monthlyBudget: "tooLarge",
    });
  });

  it("sends trimmed texts, no account code name when empty, and null for no budget", () => {
    expect(createTeamVariables(form({ name: " Sala ", accountCode: " 4010 ", memberIds: ["u1"] }))).toEqual({
      name: "Sala",
      account_code: "4010",
      account_code_name: null,
      member_ids: ["u1"],
      monthly_budget: null,
    });
    expect(
      createTeamVariables(form({ name: "Sala", accountCode: "4010", monthlyBudget: 800_000 })).monthly_budget,
    ).toBe(800_000);
  });
});
