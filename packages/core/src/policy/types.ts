import type { RoleName } from "../enums.ts";

/**
 * The vocabulary of the permission matrix (spec section 6): every resource with every action that
 * some role is granted on it. `manage` is an action too: a manage privilege grants every action on
 * its resource. A test checks that each action here is granted by the matrix, so the list cannot drift.
 */
export const POLICY_ACTIONS = {
  account: ["balance"],
  blob: ["upload"],
  card: [
    "change-cardholder",
    "close",
    "create",
    "freeze",
    "generate-transactions",
    "in-app-activation",
    "lock",
    "manage-limits",
    "patch",
    "push-provisioning",
    "read",
    "read-tokens",
    "sensitive-details",
    "set-default-category",
    "set-team",
  ],
  category: ["manage", "read", "read-groups"],
  email: ["delete"],
  integration: ["manage", "read"],
  invoice: ["read"],
  /** Spec: platform_owner "manage add-demo-users", read as resource `manage`, action `add-demo-users`. */
  manage: ["add-demo-users"],
  project: ["create"],
  role: ["set-limit-control"],
  stats: ["spending-by-category", "spending-by-team", "spending-by-user"],
  "tax-category": ["manage", "read"],
  team: ["manage", "read", "set-limit-control"],
  transaction: [
    "export",
    "import",
    "manage-receipts",
    "read",
    "remind",
    "set-category",
    "set-comment",
    "set-tax-category",
    "set-team",
    "sync",
  ],
  user: [
    "change-email",
    "change-phone",
    "invite",
    "manage-role",
    "manage-team",
    "read",
    "reapprove",
    "remove",
    "reset-secret",
    "set-limit-control",
  ],
} as const;

export type PolicyResource = keyof typeof POLICY_ACTIONS;
export const POLICY_RESOURCES = Object.keys(POLICY_ACTIONS) as PolicyResource[];

/** The actions of one resource; `manage` may always be asked about (canManage). */
export type PolicyActionOf<R extends PolicyResource> = (typeof POLICY_ACTIONS)[R][number] | "manage";
export type PolicyAction = PolicyActionOf<PolicyResource>;

export const isPolicyResource = (value: string): value is PolicyResource => Object.hasOwn(POLICY_ACTIONS, value);

/** Whether a name from outside (a request, a route) is an action of the resource's vocabulary, or manage. */
export const isPolicyAction = <R extends PolicyResource>(resource: R, value: string): value is PolicyActionOf<R> =>
  value === "manage" || (POLICY_ACTIONS[resource] as readonly string[]).includes(value);

/** project: any object of the caller's project; team: of one of the caller's teams; own: the caller's own. */
export const POLICY_SCOPES = ["project", "team", "own"] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];

export const POLICY_CONDITIONS = ["same_project", "same_team", "same_user"] as const;
export type PolicyCondition = (typeof POLICY_CONDITIONS)[number];

export type Privilege = { resource: PolicyResource; action: PolicyAction; scope: PolicyScope };

/**
 * Who asks: the caller, their teams in the project, and the project of the request. `admin_team_ids` are the
 * teams among them that the caller administers: a team admin's team-scoped privileges reach only those, and in
 * the other teams they belong to they are an employee (docs/decisions.md). Absent, every team of `team_ids`
 * counts as administered (the browser's questions without a user).
 */
export type PolicyUser = {
  user_id: string;
  team_ids: readonly string[];
  admin_team_ids?: readonly string[];
  project_id: string;
};

/**
 * What the question is about. A missing project_id means the caller's own project; a missing
 * team_id or user_id never meets same_team or same_user.
 */
export type PolicyObject = {
  user_id?: string | null;
  team_id?: string | null;
  project_id?: string | null;
};

/** Spec section 3, Policy input. The action is checked against the resource's vocabulary. */
export type PolicyInput<R extends PolicyResource = PolicyResource> = {
  role: RoleName;
  resource: R;
  action: PolicyActionOf<R>;
  user: PolicyUser;
  object?: PolicyObject | null;
};

/** Spec section 3, Policy result. */
export type PolicyResult = {
  /** The role may do this to this object. */
  allowed: boolean;
  /** The role may do this to some object (menus and buttons ask this, with no object). */
  possibly_allowed: boolean;
  /** The conditions of the privilege that decides. */
  needed: PolicyCondition[];
  /** The needed conditions the object does not meet; empty exactly when allowed (or not possibly allowed). */
  missing: PolicyCondition[];
};
