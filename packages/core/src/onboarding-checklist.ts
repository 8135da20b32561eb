import type { RoleName } from "./enums.ts";
import { isPossiblyAllowed } from "./policy/evaluate.ts";

/**
 * The onboarding checklist of the dashboard's header (spec 2 and 9): which items a person sees, whether the icon
 * shows, whether the modal opens on its own, how many items are left. Pure, so the rules are tested once here and
 * the header only reads local storage and renders.
 */

/** Spec 9: the checklist is offered for 7 days after the account was created. */
export const ONBOARDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec 9: the modal opens on its own while the account is under 10 seconds old. */
export const ONBOARDING_AUTO_OPEN_MS = 10_000;

export const CHECKLIST_ITEMS = ["card", "members", "category", "team"] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/** What each item needs (spec 2): creating a card needs card create, the others the permission the spec names. */
const ITEM_ALLOWED: Record<ChecklistItem, (role: RoleName) => boolean> = {
  card: (role) => isPossiblyAllowed(role, "card", "create"),
  members: (role) => isPossiblyAllowed(role, "user", "invite"),
  category: (role) => isPossiblyAllowed(role, "category", "manage"),
  team: (role) => isPossiblyAllowed(role, "team", "manage"),
};

export type ChecklistInput = {
  role: RoleName;
  /** The signed-in user's account creation time. */
  createdAt: Date;
  now: Date;
  /** The locally stored completion flag. */
  completed: boolean;
  /** The items whose local flag says "created". */
  done: ReadonlySet<ChecklistItem>;
};

export type Checklist = {
  /** The header shows the checklist icon. */
  visible: boolean;
  /** The modal opens without being asked. */
  autoOpen: boolean;
  /** The 7 days are over: the local onboarding flags are cleared. */
  clearFlags: boolean;
  items: { id: ChecklistItem; done: boolean }[];
  remaining: number;
  /** Every item is done: the completion flag is stored (and the congratulation shown once). */
  allDone: boolean;
};

/**
 * The items of a role, in the spec's order. Project owners see all four. Spec 2 gives everyone else one item: the
 * first one their role may do (a team admin creates a card; an accountant, who may not issue cards, a category),
 * so nobody is asked to do what the server would refuse them.
 */
export const checklistItemsFor = (role: RoleName): ChecklistItem[] => {
  const allowed = CHECKLIST_ITEMS.filter((item) => ITEM_ALLOWED[item](role));
  return role === "project_owner" ? allowed : allowed.slice(0, 1);
};

/** Employees use the mobile app and the platform owner has no company to set up: neither gets the checklist. */
const hasChecklist = (role: RoleName): boolean => role !== "user" && role !== "platform_owner";

export const onboardingChecklist = (input: ChecklistInput): Checklist => {
  const age = input.now.getTime() - input.createdAt.getTime();
  const withinWindow = age < ONBOARDING_WINDOW_MS;
  const items = checklistItemsFor(input.role).map((id) => ({ id, done: input.done.has(id) }));
  const remaining = items.filter((item) => !item.done).length;
  const allDone = items.length > 0 && remaining === 0;
  const visible = hasChecklist(input.role) && withinWindow && !input.completed && items.length > 0;
  return {
    visible,
    // Accountants are not shown it unasked (spec 6: hidden for accountants at auto-open).
    autoOpen: visible && input.role !== "accountant" && age >= 0 && age < ONBOARDING_AUTO_OPEN_MS,
    clearFlags: !withinWindow,
    items,
    remaining,
    allDone,
  };
};
