import type { RoleName } from "../enums.ts";
import {
  POLICY_RESOURCES,
  type PolicyActionOf,
  type PolicyResource,
  type PolicyScope,
  type Privilege,
} from "./types.ts";

type Grants = { readonly [R in PolicyResource]?: readonly PolicyActionOf<R>[] };

/** Every action listed, on its resource, with one scope: one line of the spec's matrix. */
const grant = (scope: PolicyScope, grants: Grants): Privilege[] =>
  POLICY_RESOURCES.flatMap((resource) => (grants[resource] ?? []).map((action) => ({ resource, action, scope })));

/**
 * The permission matrix of spec section 6, as data: the single source of truth for the browser
 * (menus, buttons) and the server (enforcement). Scope in the spec's brackets; a role's default
 * scope applies where an entry has none. matrix.test.ts compares this with the spec's own text.
 */
export const PERMISSION_MATRIX: Readonly<Record<RoleName, readonly Privilege[]>> = {
  accountant: grant("project", {
    account: ["balance"],
    card: ["read"],
    category: ["manage", "read", "read-groups"],
    invoice: ["read"],
    "tax-category": ["read"],
    team: ["manage", "read"],
    transaction: [
      "export",
      "manage-receipts",
      "read",
      "remind",
      "set-category",
      "set-comment",
      "set-tax-category",
      "set-team",
    ],
    user: ["read"],
  }),

  platform_owner: grant("project", {
    integration: ["manage", "read"],
    invoice: ["read"],
    manage: ["add-demo-users"],
    project: ["create"],
    user: ["reapprove"],
  }),

  project_owner: grant("project", {
    account: ["balance"],
    blob: ["upload"],
    card: [
      "change-cardholder",
      "close",
      "create",
      "generate-transactions",
      "lock",
      "manage-limits",
      "patch",
      "read",
      "read-tokens",
      "set-default-category",
      "set-team",
    ],
    category: ["manage", "read", "read-groups"],
    invoice: ["read"],
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
    user: ["invite", "manage-role", "manage-team", "read", "reapprove", "remove", "set-limit-control"],
  }),

  team_admin: [
    ...grant("project", {
      account: ["balance"],
      category: ["read-groups"],
      "tax-category": ["read"],
      team: ["read"],
      transaction: ["set-team"],
    }),
    ...grant("team", {
      card: [
        "change-cardholder",
        "close",
        "create",
        "lock",
        "manage-limits",
        "patch",
        "read",
        "set-default-category",
        "set-team",
      ],
      category: ["read"],
      transaction: ["export", "manage-receipts", "read", "remind", "set-category", "set-comment", "set-tax-category"],
      user: ["read"],
    }),
  ],

  user: [
    ...grant("own", {
      card: ["freeze", "in-app-activation", "push-provisioning", "read", "sensitive-details"],
      email: ["delete"],
      transaction: [
        "export",
        "manage-receipts",
        "read",
        "remind",
        "set-category",
        "set-comment",
        "set-tax-category",
        "set-team",
      ],
      user: ["change-email", "change-phone", "read", "reset-secret"],
    }),
    ...grant("team", { category: ["read"], team: ["read"] }),
    ...grant("project", { category: ["read-groups"], "tax-category": ["read"] }),
  ],

  empty_role: [],
};

/** A role's privileges (the current_role query lists them); an unknown role has none. */
export const privilegesFor = (role: RoleName): readonly Privilege[] =>
  Object.hasOwn(PERMISSION_MATRIX, role) ? PERMISSION_MATRIX[role] : [];
