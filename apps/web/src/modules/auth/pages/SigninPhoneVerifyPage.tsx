import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../../app/router/paths.ts";
import { RequirePendingSignIn } from "../components/RequirePendingSignIn.tsx";
import { ResendCode } from "../components/ResendCode.tsx";
import { StartOverLink } from "../components/StartOverLink.tsx";
import { useAuthSearch } from "../components/useAuthSearch.ts";
import { resendVerificationCode, submitVerificationCode } from "../sign-in.api.ts";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signin/phone/verify`: the 6-digit code sent by SMS when signing in. */
export function SigninPhoneVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useAuthSearch();
  return (
    <RequirePendingSignIn>
      {(pending) => (
        <CodeStepPage
          step="signinPhoneVerify"
          kind="verification"
          title={t("auth.signin.phoneVerify.title")}
          intro={
            pending.phone_hint
              ? t("auth.signin.phoneVerify.introHint", { hint: pending.phone_hint })
              : t("auth.signin.phoneVerify.intro")
          }
          label={t("auth.signin.phoneVerify.label")}
          submit={async (code) => {
            await submitVerificationCode(pending.verification_id, code);
            navigate(`${PATHS.signinSecurityCode}${search}`);
          }}
          footer={
            <ResendCode send={() => resendVerificationCode(pending.verification_id)}>
              <StartOverLink />
            </ResendCode>
          }
        />
      )}
    </RequirePendingSignIn>
  );
}
