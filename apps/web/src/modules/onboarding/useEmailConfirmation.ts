import { useQuery } from "@tanstack/react-query";
import { submitVerificationCode } from "../auth/sign-in.api.ts";
import { attachVerification, getOnboarding } from "./onboarding.api.ts";

export type EmailLink = { onboardingId: string; verificationId: string; code: string };

/** The link's parameters, or null when the link is incomplete (opened by hand, cut short by a mail client). */
export const readEmailLink = (params: URLSearchParams): EmailLink | null => {
  const onboardingId = params.get("onboarding_id");
  const verificationId = params.get("verification_id");
  const code = params.get("code");
  return onboardingId && verificationId && code ? { onboardingId, verificationId, code } : null;
};

/**
 * Confirms the e-mail from the link: the code, then the onboarding learns it is verified (docs/auth.md). A
 * query rather than a mutation, so the one-time code is sent once even when React mounts the page twice; a link
 * opened again finds the address confirmed and says so.
 */
export const useEmailConfirmation = (link: EmailLink | null) =>
  useQuery({
    queryKey: ["email-confirm", link?.onboardingId, link?.verificationId, link?.code],
    queryFn: async () => {
      if (!link) return null;
      try {
        await submitVerificationCode(link.verificationId, link.code);
        await attachVerification(link.onboardingId, link.verificationId);
      } catch (error) {
        // The link opened a second time (a reload): its code is spent, but the address is confirmed already.
        const onboarding = await getOnboarding(link.onboardingId).catch(() => null);
        if (onboarding?.status !== "created" || !onboarding.email_verified) throw error;
      }
      return link.onboardingId;
    },
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
