import { queryClient } from "../../app/query-client.ts";
import { storeAuth } from "../../app/session/auth-token.ts";
import { selectProject } from "../../app/session/project-store.ts";
import { redeemKeptReferral } from "../referrals/referral-code.ts";
import { completeOnboarding } from "./onboarding.api.ts";
import { clearPendingPhone } from "./pending-phone.ts";

/** Statuses of a completed onboarding that carry the new user's session (spec 4). */
const SIGNED_IN = new Set(["approved", "user_created"]);

/**
 * Completes the onboarding: the server creates the user and the company (or the invitation's membership).
 * When it answers approved or user_created, the token is stored and its project selected; a referral code the
 * sign-up link carried is redeemed for the new company (an invited person's sign-up has none).
 */
export const finishSignUp = async (onboardingId: string): Promise<void> => {
  const done = await completeOnboarding(onboardingId);
  clearPendingPhone();
  if (!SIGNED_IN.has(done.status) || !done.token || !done.expires_at) return;
  queryClient.clear();
  storeAuth({ token: done.token, expires_at: done.expires_at, status: "approved" });
  if (done.project_id) {
    selectProject(done.project_id);
    await redeemKeptReferral();
  }
};
