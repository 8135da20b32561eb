import { OnboardingGate } from "../components/OnboardingGate.tsx";
import { PhoneForm } from "../signup/PhoneForm.tsx";

/** `/auth/signup/phone/:onboardingId`: the mobile number the code goes to. */
export function SignupPhonePage() {
  return <OnboardingGate>{(onboarding) => <PhoneForm onboarding={onboarding} />}</OnboardingGate>;
}
