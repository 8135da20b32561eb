import {
  ACCOUNT_CODE_MAX_LENGTH,
  ACCOUNT_CODE_NAME_MAX_LENGTH,
  isCategoryCode,
  TEAM_AMOUNT_MAX,
  TEAM_NAME_MAX_LENGTH,
} from "@kort/core";
import type { VariablesOf } from "../../app/api/graphql.ts";
import type { CREATE_TEAM_MUTATION } from "./teams.graphql.ts";

export type CreateTeamVariables = VariablesOf<typeof CREATE_TEAM_MUTATION>;

/** The create-team panel's fields (spec 2 and 5). An empty budget means no budget. */
export type CreateTeamForm = {
  name: string;
  accountCode: string;
  accountCodeName: string;
  memberIds: string[];
  monthlyBudget: number | null;
};

export const EMPTY_CREATE_TEAM_FORM: CreateTeamForm = {
  name: "",
  accountCode: "",
  accountCodeName: "",
  memberIds: [],
  monthlyBudget: null,
};

export type CreateTeamProblem = "required" | "tooLong" | "tooLarge" | "categoryCode";
export type CreateTeamProblems = Partial<
  Record<"name" | "accountCode" | "accountCodeName" | "monthlyBudget", CreateTeamProblem>
>;

const text = (value: string, max: number, required: boolean): CreateTeamProblem | undefined => {
  const trimmed = value.trim();
  if (required && trimmed === "") return "required";
  return trimmed.length > max ? "tooLong" : undefined;
};

/** The account code is the team's category's code: letters, digits, `.` and `-` (the category code rule). */
const accountCodeProblem = (value: string): CreateTeamProblem | undefined =>
  text(value, ACCOUNT_CODE_MAX_LENGTH, true) ?? (isCategoryCode(value.trim()) ? undefined : "categoryCode");

/** Spec 5: the name and the account code are required; the rest is checked against the server's bounds. */
export const createTeamProblems = (form: CreateTeamForm): CreateTeamProblems => {
  const problems: CreateTeamProblems = {
    name: text(form.name, TEAM_NAME_MAX_LENGTH, true),
    accountCode: accountCodeProblem(form.accountCode),
    accountCodeName: text(form.accountCodeName, ACCOUNT_CODE_NAME_MAX_LENGTH, false),
    monthlyBudget: form.monthlyBudget !== null && form.monthlyBudget > TEAM_AMOUNT_MAX ? "tooLarge" : undefined,
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
};

export const canCreateTeam = (form: CreateTeamForm): boolean => Object.keys(createTeamProblems(form)).length === 0;

export const createTeamVariables = (form: CreateTeamForm): CreateTeamVariables => ({
  name: form.name.trim(),
  account_code: form.accountCode.trim(),
  account_code_name: form.accountCodeName.trim() || null,
  member_ids: form.memberIds,
  monthly_budget: form.monthlyBudget,
});
