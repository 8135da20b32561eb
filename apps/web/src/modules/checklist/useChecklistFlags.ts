import type { ChecklistItem } from "@kort/core";
import { useSyncExternalStore } from "react";
import { ONBOARDING_FLAG_KEYS, readStored, STORAGE_KEYS, STORED_EVENT, writeStored } from "../../app/storage.ts";

/** The local flag of each checklist item (spec 2: set to "created" by the create flows). */
const ITEM_KEYS = {
  card: STORAGE_KEYS.onboardingCard,
  members: STORAGE_KEYS.onboardingMembers,
  category: STORAGE_KEYS.onboardingCategory,
  team: STORAGE_KEYS.onboardingTeam,
} as const satisfies Record<ChecklistItem, string>;

export type ChecklistFlags = { done: ReadonlySet<ChecklistItem>; completed: boolean; congratulated: boolean };

const subscribe = (onChange: () => void) => {
  // This tab's writes (the create flows) and other tabs' (the storage event).
  window.addEventListener(STORED_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(STORED_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
};

/** One string of every flag: a primitive snapshot, so React re-renders only when one of them changes. */
const snapshot = (): string => ONBOARDING_FLAG_KEYS.map((key) => readStored(key) ?? "").join("|");

const parse = (): ChecklistFlags => ({
  done: new Set(
    (Object.keys(ITEM_KEYS) as ChecklistItem[]).filter((item) => readStored(ITEM_KEYS[item]) === "created"),
  ),
  completed: readStored(STORAGE_KEYS.onboardingCompleted) === "completed",
  congratulated: readStored(STORAGE_KEYS.onboardingCongratulated) === "shown",
});

/** The checklist's local flags, kept current as the create flows set them. */
export const useChecklistFlags = (): ChecklistFlags => {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return parse();
};

export const clearChecklistFlags = (): void => {
  for (const key of ONBOARDING_FLAG_KEYS) writeStored(key, null);
};

/** Every item done: onboarding is completed, and the congratulation is marked shown (it shows once). */
export const markChecklistCompleted = (): void => {
  writeStored(STORAGE_KEYS.onboardingCompleted, "completed");
  writeStored(STORAGE_KEYS.onboardingCongratulated, "shown");
};
