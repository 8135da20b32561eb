import { OnboardingGate } from "../components/OnboardingGate.tsx";
import { SecurityCodeForm } from "../signup/SecurityCodeForm.tsx";

/** `/auth/signup/securitycode/:onboardingId`: choosing the 4-digit passcode. */
export function SignupSecurityCodePage() {
  return <OnboardingGate>{(onboarding) => <SecurityCodeForm onboarding={onboarding} />}</OnboardingGate>;
}
