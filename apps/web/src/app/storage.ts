/** Every localStorage key the dashboard uses, in one place. */
export const STORAGE_KEYS = {
  auth: "kort.auth",
  project: "kort.project",
  locale: "kort.locale",
  menu: "kort.menu",
  /** The employee app's device id (spec 7, devices): a UUID this browser keeps, registered after sign-in. */
  device: "kort.device",
  /** Onboarding checklist progress (spec 2): set to "created" once the user creates a team. */
  onboardingTeam: "kort.onboarding.team",
  /** Onboarding checklist progress (spec 2): set to "created" once the user invites team members. */
  onboardingMembers: "kort.onboarding.members",
  /** Onboarding checklist progress (spec 4): set to "created" once the user creates a card. */
  onboardingCard: "kort.onboarding.card",
  /** Onboarding checklist progress (spec 2): set to "created" once the user creates a category. */
  onboardingCategory: "kort.onboarding.category",
  /** Onboarding checklist (spec 2): "completed" once every item is done; the icon no longer shows. */
  onboardingCompleted: "kort.onboarding.completed",
  /** Onboarding checklist (spec 2): "shown" once the congratulation was shown, so it shows once. */
  onboardingCongratulated: "kort.onboarding.congratulated",
  /** A referral code from the sign-up link (issue 16), redeemed when the company's sign-up completes. */
  referral: "kort.referral",
} as const;

/** The onboarding checklist's local flags: cleared together once its 7 days are over (spec 2). */
export const ONBOARDING_FLAG_KEYS = [
  STORAGE_KEYS.onboardingCard,
  STORAGE_KEYS.onboardingMembers,
  STORAGE_KEYS.onboardingCategory,
  STORAGE_KEYS.onboardingTeam,
  STORAGE_KEYS.onboardingCompleted,
  STORAGE_KEYS.onboardingCongratulated,
] as const;

/** Fired on window after this tab writes a localStorage key: the onboarding checklist follows the create flows. */
export const STORED_EVENT = "kort:stored";

/** Keys kept in sessionStorage: they belong to one tab's sign-in or sign-up in progress. */
export const SESSION_STORAGE_KEYS = {
  signin: "kort.signin",
  signup: "kort.signup",
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];

type Area = "localStorage" | "sessionStorage";

/** Web storage can be missing (private modes, tests) or throw on quota; reads and writes never throw. */
const store = (area: Area): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window[area];
  } catch {
    return null;
  }
};

const read = (area: Area, key: string): string | null => {
  try {
    return store(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

const write = (area: Area, key: string, value: string | null): void => {
  try {
    const s = store(area);
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
};

export const readStored = (key: StorageKey): string | null => read("localStorage", key);

export const writeStored = (key: StorageKey, value: string | null): void => {
  write("localStorage", key, value);
  // Guarded as the storage itself is: a window without events (tests' stand-ins) just has no listeners to tell.
  if (typeof window !== "undefined" && typeof window.dispatchEvent === "function") {
    window.dispatchEvent(new CustomEvent(STORED_EVENT, { detail: key }));
  }
};

export const readSessionStored = (key: SessionStorageKey): string | null => read("sessionStorage", key);

export const writeSessionStored = (key: SessionStorageKey, value: string | null): void =>
  write("sessionStorage", key, value);
