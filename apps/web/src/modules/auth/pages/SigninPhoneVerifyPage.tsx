import { useTranslation } from "react-i18next";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signin/phone/verify`: the 6-digit code sent by SMS when signing in. */
export function SigninPhoneVerifyPage() {
  const { t } = useTranslation();
  return (
    <CodeStepPage
      step="signinPhoneVerify"
      kind="verification"
      title={t("auth.signin.phoneVerify.title")}
      intro={t("auth.signin.phoneVerify.intro")}
      label={t("auth.signin.phoneVerify.label")}
    />
  );
}
