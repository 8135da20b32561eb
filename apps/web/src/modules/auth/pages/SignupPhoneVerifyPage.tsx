import { OnboardingGate } from "../components/OnboardingGate.tsx";
import { PhoneVerifyForm } from "../signup/PhoneVerifyForm.tsx";

/** `/auth/signup/phone/verify/:onboardingId/:phoneNumber`: the SMS code, then completion. */
export function SignupPhoneVerifyPage() {
  return <OnboardingGate>{(onboarding) => <PhoneVerifyForm onboarding={onboarding} />}</OnboardingGate>;
}
