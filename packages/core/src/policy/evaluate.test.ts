import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoleName } from "../enums.ts";
import { canManage, evaluatePolicy, isPossiblyAllowed } from "./evaluate.ts";
import {
  isPolicyAction,
  isPolicyResource,
  POLICY_ACTIONS,
  POLICY_RESOURCES,
  type PolicyInput,
  type PolicyObject,
  type PolicyResult,
} from "./types.ts";

const ME = "user-me";
const OTHER = "user-other";
const MY_TEAM = "team-mine";
const OTHER_TEAM = "team-other";
const PROJECT = "project-mine";
const OTHER_PROJECT = "project-other";

const ask = (role: RoleName, resource: PolicyInput["resource"], action: PolicyInput["action"], object?: PolicyObject) =>
  ({ role, resource, action, user: { user_id: ME, team_ids: [MY_TEAM], project_id: PROJECT }, object }) as PolicyInput;

const ALLOWED_PROJECT: PolicyResult = {
  allowed: true,
  possibly_allowed: true,
  needed: ["same_project"],
  missing: [],
};
const DENIED: PolicyResult = { allowed: false, possibly_allowed: false, needed: [], missing: [] };
const missing = (needed: PolicyResult["needed"], absent: PolicyResult["missing"]): PolicyResult => ({
  allowed: absent.length === 0,
  possibly_allowed: true,
  needed,
  missing: absent,
});

const otherTeamCard = { user_id: OTHER, team_id: OTHER_TEAM, project_id: PROJECT };
const myTeamCard = { user_id: OTHER, team_id: MY_TEAM, project_id: PROJECT };
const myCard = { user_id: ME, team_id: MY_TEAM, project_id: PROJECT };
const foreignCard = { user_id: OTHER, team_id: OTHER_TEAM, project_id: OTHER_PROJECT };
const TEAM: PolicyResult["needed"] = ["same_project", "same_team"];
const OWN: PolicyResult["needed"] = ["same_project", "same_user"];

/** Cases drawn from spec section 6, role by role. */
const CASES: [string, PolicyInput, PolicyResult][] = [
  // project_owner: the whole project, nothing of another.
  ["owner creates a card in any team", ask("project_owner", "card", "create", otherTeamCard), ALLOWED_PROJECT],
  ["owner creates a card with no object", ask("project_owner", "card", "create"), ALLOWED_PROJECT],
  [
    "owner reads a card of another project",
    ask("project_owner", "card", "read", foreignCard),
    missing(["same_project"], ["same_project"]),
  ],
  ["owner sets a member's role", ask("project_owner", "user", "manage-role", myTeamCard), ALLOWED_PROJECT],
  ["owner generates transactions", ask("project_owner", "card", "generate-transactions"), ALLOWED_PROJECT],
  ["owner sees spending by team", ask("project_owner", "stats", "spending-by-team"), ALLOWED_PROJECT],
  ["owner reads tax categories through manage", ask("project_owner", "tax-category", "read"), ALLOWED_PROJECT],
  ["owner may not reveal a card's details", ask("project_owner", "card", "sensitive-details", myCard), DENIED],
  ["owner may not freeze a card", ask("project_owner", "card", "freeze", myCard), DENIED],
  ["owner may not create projects", ask("project_owner", "project", "create"), DENIED],
  // team_admin: cards, transactions and people of their teams; some project-wide reads.
  ["team admin creates a card without a team", ask("team_admin", "card", "create"), missing(TEAM, ["same_team"])],
  [
    "team admin creates a card for a holder but no team",
    ask("team_admin", "card", "create", { user_id: OTHER, project_id: PROJECT }),
    missing(TEAM, ["same_team"]),
  ],
  ["team admin creates a card in their team", ask("team_admin", "card", "create", myTeamCard), missing(TEAM, [])],
  [
    "team admin creates a card in another team",
    ask("team_admin", "card", "create", otherTeamCard),
    missing(TEAM, ["same_team"]),
  ],
  [
    "team admin locks a card of their team id in another project",
    ask("team_admin", "card", "lock", { team_id: MY_TEAM, project_id: OTHER_PROJECT }),
    missing(TEAM, ["same_project"]),
  ],
  [
    "team admin reads a transaction of another project and team",
    ask("team_admin", "transaction", "read", foreignCard),
    missing(TEAM, ["same_project", "same_team"]),
  ],
  ["team admin reads a member of their team", ask("team_admin", "user", "read", myTeamCard), missing(TEAM, [])],
  [
    "team admin reads a member of another team",
    ask("team_admin", "user", "read", otherTeamCard),
    missing(TEAM, ["same_team"]),
  ],
  ["team admin reads the account balance", ask("team_admin", "account", "balance"), ALLOWED_PROJECT],
  ["team admin reads any team", ask("team_admin", "team", "read", { team_id: OTHER_TEAM }), ALLOWED_PROJECT],
  [
    "team admin sets any transaction's team",
    ask("team_admin", "transaction", "set-team", otherTeamCard),
    ALLOWED_PROJECT,
  ],
  ["team admin reads category groups", ask("team_admin", "category", "read-groups"), ALLOWED_PROJECT],
  ["team admin reads their team's categories", ask("team_admin", "category", "read", myTeamCard), missing(TEAM, [])],
  ["team admin may not manage teams", ask("team_admin", "team", "manage", myTeamCard), DENIED],
  ["team admin may not invite", ask("team_admin", "user", "invite"), DENIED],
  ["team admin may not generate transactions", ask("team_admin", "card", "generate-transactions", myTeamCard), DENIED],
  // accountant: every expense of the project, accounting, teams.
  ["accountant reads any card in the project", ask("accountant", "card", "read", otherTeamCard), ALLOWED_PROJECT],
  [
    "accountant reads a card of another project",
    ask("accountant", "card", "read", foreignCard),
    missing(["same_project"], ["same_project"]),
  ],
  [
    "accountant categorises any transaction",
    ask("accountant", "transaction", "set-category", otherTeamCard),
    ALLOWED_PROJECT,
  ],
  ["accountant manages categories", ask("accountant", "category", "manage"), ALLOWED_PROJECT],
  ["accountant manages teams", ask("accountant", "team", "manage", { team_id: OTHER_TEAM }), ALLOWED_PROJECT],
  ["accountant may not create cards", ask("accountant", "card", "create", myTeamCard), DENIED],
  ["accountant may not import transactions", ask("accountant", "transaction", "import"), DENIED],
  ["accountant may not manage tax categories", ask("accountant", "tax-category", "manage"), DENIED],
  // user: their own things, their teams, project-wide reference data.
  ["user reads their own card", ask("user", "card", "read", myCard), missing(OWN, [])],
  ["user reads another user's card", ask("user", "card", "read", myTeamCard), missing(OWN, ["same_user"])],
  ["user reads cards with no object", ask("user", "card", "read"), missing(OWN, ["same_user"])],
  [
    "user reads their own card id in another project",
    ask("user", "card", "read", { user_id: ME, project_id: OTHER_PROJECT }),
    missing(OWN, ["same_project"]),
  ],
  ["user reveals their own card", ask("user", "card", "sensitive-details", myCard), missing(OWN, [])],
  ["user freezes their own card", ask("user", "card", "freeze", myCard), missing(OWN, [])],
  ["user reads their own profile", ask("user", "user", "read", { user_id: ME, project_id: PROJECT }), missing(OWN, [])],
  ["user deletes their own e-mail", ask("user", "email", "delete", { user_id: ME }), missing(OWN, [])],
  ["user reads their team", ask("user", "team", "read", { team_id: MY_TEAM }), missing(TEAM, [])],
  ["user reads another team", ask("user", "team", "read", { team_id: OTHER_TEAM }), missing(TEAM, ["same_team"])],
  ["user reads tax categories", ask("user", "tax-category", "read"), ALLOWED_PROJECT],
  ["user may not create cards", ask("user", "card", "create", myCard), DENIED],
  ["user may not read invoices", ask("user", "invoice", "read"), DENIED],
  // platform_owner: the matrix's own entries, nothing of a company's expenses.
  ["platform owner creates a project", ask("platform_owner", "project", "create"), ALLOWED_PROJECT],
  ["platform owner manages integrations", ask("platform_owner", "integration", "manage"), ALLOWED_PROJECT],
  ["platform owner reads integrations", ask("platform_owner", "integration", "read"), ALLOWED_PROJECT],
  ["platform owner adds demo users", ask("platform_owner", "manage", "add-demo-users"), ALLOWED_PROJECT],
  ["platform owner reapproves a user", ask("platform_owner", "user", "reapprove"), ALLOWED_PROJECT],
  ["platform owner reads invoices", ask("platform_owner", "invoice", "read"), ALLOWED_PROJECT],
  ["platform owner may not read cards", ask("platform_owner", "card", "read", myCard), DENIED],
  // empty_role: nothing.
  ["empty role reads its own card", ask("empty_role", "card", "read", myCard), DENIED],
];

describe("evaluatePolicy", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(CASES)("%s", (_name, input, expected) => {
    expect(evaluatePolicy(input)).toEqual(expected);
  });

  it("denies empty_role every action of every resource", () => {
    for (const resource of POLICY_RESOURCES) {
      for (const action of [...POLICY_ACTIONS[resource], "manage" as const]) {
        expect(evaluatePolicy(ask("empty_role", resource, action, myCard))).toEqual(DENIED);
      }
    }
  });

  it("takes an object without a project to be in the caller's project", () => {
    expect(evaluatePolicy(ask("team_admin", "card", "create", { team_id: MY_TEAM }))).toEqual(missing(TEAM, []));
  });

  it("never meets same_team or same_user with empty ids", () => {
    const input = ask("user", "card", "read", { user_id: "" });
    expect(evaluatePolicy({ ...input, user: { user_id: "", team_ids: [""], project_id: PROJECT } }).missing).toEqual([
      "same_user",
    ]);
    expect(evaluatePolicy(ask("team_admin", "card", "read", { team_id: null })).missing).toEqual(["same_team"]);
  });

  it("logs and denies when the evaluation fails", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = [
      ask("no_such_role" as RoleName, "card", "read", myCard),
      { ...ask("user", "card", "read", myCard), user: null } as unknown as PolicyInput,
      { ...ask("team_admin", "card", "read", myTeamCard), user: { user_id: ME, project_id: PROJECT } } as PolicyInput,
    ];
    for (const input of broken) expect(evaluatePolicy(input)).toEqual(DENIED);
    expect(log).toHaveBeenCalledTimes(broken.length);
    expect(log.mock.calls.map((call) => call[0])).toEqual(broken.map(() => "Error evaluating policy"));
  });
});

describe("canManage and isPossiblyAllowed", () => {
  it("is true exactly for the matrix's manage entries", () => {
    const managed = (role: RoleName) => POLICY_RESOURCES.filter((resource) => canManage(role, resource));
    expect(managed("project_owner")).toEqual(["category", "tax-category", "team"]);
    expect(managed("accountant")).toEqual(["category", "team"]);
    expect(managed("platform_owner")).toEqual(["integration"]);
    expect(managed("team_admin")).toEqual([]);
    expect(managed("user")).toEqual([]);
    expect(managed("empty_role")).toEqual([]);
  });

  it("answers the menu of spec section 2 without an object", () => {
    const menu = (role: RoleName) => ({
      expenses: isPossiblyAllowed(role, "transaction", "read"),
      cards: isPossiblyAllowed(role, "card", "read"),
      people: isPossiblyAllowed(role, "user", "read"),
      teams: isPossiblyAllowed(role, "team", "read"),
      accounting: isPossiblyAllowed(role, "category", "manage"),
      invoices: isPossiblyAllowed(role, "invoice", "read"),
    });
    expect(menu("project_owner")).toEqual({
      expenses: true,
      cards: true,
      people: true,
      teams: true,
      accounting: true,
      invoices: true,
    });
    expect(menu("team_admin")).toEqual({
      expenses: true,
      cards: true,
      people: true,
      teams: true,
      accounting: false,
      invoices: false,
    });
    expect(menu("accountant")).toEqual({
      expenses: true,
      cards: true,
      people: true,
      teams: true,
      accounting: true,
      invoices: true,
    });
    expect(menu("empty_role")).toEqual({
      expenses: false,
      cards: false,
      people: false,
      teams: false,
      accounting: false,
      invoices: false,
    });
    expect(isPossiblyAllowed("no_such_role" as RoleName, "card", "read")).toBe(false);
  });
});

describe("isPolicyResource and isPolicyAction", () => {
  it("accept the matrix's vocabulary and manage, nothing else", () => {
    expect(isPolicyResource("tax-category")).toBe(true);
    expect(isPolicyResource("constructor")).toBe(false);
    expect(isPolicyAction("card", "create")).toBe(true);
    expect(isPolicyAction("card", "manage")).toBe(true);
    expect(isPolicyAction("card", "invite")).toBe(false);
  });
});
