import { STORAGE_KEYS, writeStored } from "../../app/storage.ts";

/** Spec 2 and 4: creating a team ticks the onboarding checklist's team item (local flag "created"). */
export const markTeamCreated = (): void => writeStored(STORAGE_KEYS.onboardingTeam, "created");
