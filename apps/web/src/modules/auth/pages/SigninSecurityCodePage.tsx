import { useTranslation } from "react-i18next";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signin/securitycode`: the 4-digit passcode that completes sign-in. */
export function SigninSecurityCodePage() {
  const { t } = useTranslation();
  return (
    <CodeStepPage
      step="signinSecurityCode"
      kind="passcode"
      title={t("auth.signin.securityCode.title")}
      intro={t("auth.signin.securityCode.intro")}
      label={t("auth.signin.securityCode.label")}
    />
  );
}
