/** Every localStorage key the dashboard uses, in one place. */
export const STORAGE_KEYS = {
  auth: "kort.auth",
  project: "kort.project",
  locale: "kort.locale",
  menu: "kort.menu",
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can be missing (private modes, tests) or throw on quota; reads and writes never throw. */
const store = (): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
};

export const readStored = (key: StorageKey): string | null => {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: string | null): void => {
  try {
    const s = store();
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
};
