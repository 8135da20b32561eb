import { STORAGE_KEYS, writeStored } from "../../app/storage.ts";

/** Spec 2: creating a category ticks the onboarding checklist's category item (local flag "created"). */
export const markCategoryCreated = (): void => writeStored(STORAGE_KEYS.onboardingCategory, "created");
