import { formatPhone } from "@kort/core";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../app/api/api-error.ts";
import { PATHS } from "../../../app/router/paths.ts";
import { finishSignUp } from "../../onboarding/finish-sign-up.ts";
import { attachVerification, type Onboarding, postAttributes } from "../../onboarding/onboarding.api.ts";
import { readPendingPhone, storePendingPhone } from "../../onboarding/pending-phone.ts";
import { ResendCode } from "../components/ResendCode.tsx";
import { CodeStepPage } from "../pages/CodeStepPage.tsx";
import { submitVerificationCode } from "../sign-in.api.ts";

/** The 6-digit code sent to the new number; the right one completes sign-up. A new code can be sent. */
export function PhoneVerifyForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { phoneNumber = "" } = useParams();
  /** The phone again: the server sends a new code and answers its verification. */
  const resend = async () => {
    const answer = await postAttributes(onboarding.id, { attributes: [{ kind: "phone", value: phoneNumber }] });
    if (answer.verification_id) {
      storePendingPhone({ onboarding_id: onboarding.id, verification_id: answer.verification_id });
    }
  };

  const submit = async (code: string) => {
    const pending = readPendingPhone(onboarding.id);
    if (!pending) throw new ApiError("RESTART_REQUIRED", "No code was sent to this phone in this tab.");
    await submitVerificationCode(pending.verification_id, code);
    await attachVerification(onboarding.id, pending.verification_id);
    await finishSignUp(onboarding.id);
    navigate(PATHS.complete, { replace: true });
  };

  return (
    <CodeStepPage
      step="signupPhoneVerify"
      stampedSteps={onboarding.steps}
      kind="verification"
      title={t("auth.signup.phoneVerify.title")}
      intro={t("auth.signup.phoneVerify.intro", { phone: formatPhone(phoneNumber, "national") })}
      label={t("auth.signup.phoneVerify.label")}
      submit={submit}
      footer={<ResendCode send={resend} />}
    />
  );
}
