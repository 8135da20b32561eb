import { useTranslation } from "react-i18next";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signup/securitycode/:onboardingId`: choosing the 4-digit passcode. */
export function SignupSecurityCodePage() {
  const { t } = useTranslation();
  return (
    <CodeStepPage
      step="signupSecurityCode"
      kind="passcode"
      title={t("auth.signup.securityCode.title")}
      intro={t("auth.signup.securityCode.intro")}
      label={t("auth.signup.securityCode.label")}
    />
  );
}
