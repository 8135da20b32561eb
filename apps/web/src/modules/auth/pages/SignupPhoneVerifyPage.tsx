import { formatPhone } from "@kort/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signup/phone/verify/:onboardingId/:phoneNumber`: the 6-digit code sent to the new number. */
export function SignupPhoneVerifyPage() {
  const { t } = useTranslation();
  const { phoneNumber = "" } = useParams();
  return (
    <CodeStepPage
      step="signupPhoneVerify"
      kind="verification"
      title={t("auth.signup.phoneVerify.title")}
      intro={t("auth.signup.phoneVerify.intro", { phone: formatPhone(phoneNumber) })}
      label={t("auth.signup.phoneVerify.label")}
    />
  );
}
