import { OnboardingGate } from "../components/OnboardingGate.tsx";
import { NinForm } from "../signup/NinForm.tsx";

/** `/auth/signup/nin/:onboardingId`: the kennitala. */
export function SignupNinPage() {
  return <OnboardingGate>{(onboarding) => <NinForm onboarding={onboarding} />}</OnboardingGate>;
}
