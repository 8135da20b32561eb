import { formatPhone } from "@kort/core";
import { Button, Center, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../app/api/api-error.ts";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import { finishSignUp } from "../../onboarding/finish-sign-up.ts";
import { attachVerification, type Onboarding, postAttributes } from "../../onboarding/onboarding.api.ts";
import { readPendingPhone, storePendingPhone } from "../../onboarding/pending-phone.ts";
import { CodeStepPage } from "../pages/CodeStepPage.tsx";
import { submitVerificationCode } from "../sign-in.api.ts";

/** The 6-digit code sent to the new number; the right one completes sign-up. A new code can be sent. */
export function PhoneVerifyForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { phoneNumber = "" } = useParams();
  const resend = useMutation({
    mutationFn: () => postAttributes(onboarding.id, { attributes: [{ kind: "phone", value: phoneNumber }] }),
    onSuccess: (answer) => {
      if (answer.verification_id) {
        storePendingPhone({ onboarding_id: onboarding.id, verification_id: answer.verification_id });
      }
    },
  });

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
      footer={
        <Center style={{ flexDirection: "column", gap: 8 }}>
          <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending} data-testid="resend-code">
            {t("auth.signup.phoneVerify.resend")}
          </Button>
          {resend.isSuccess && (
            <Text size="sm" c="dimmed" data-testid="resend-done">
              {t("auth.signup.phoneVerify.resent")}
            </Text>
          )}
          {resend.isError && <ApiErrorAlert error={resend.error} />}
        </Center>
      }
    />
  );
}
