import { OnboardingGate } from "../components/OnboardingGate.tsx";
import { FullNameForm } from "../signup/FullNameForm.tsx";

/** `/auth/signup/fullname/:onboardingId`: full name, with terms and privacy consent. */
export function SignupFullNamePage() {
  return <OnboardingGate>{(onboarding) => <FullNameForm onboarding={onboarding} />}</OnboardingGate>;
}
