import { formatPhone } from "@kort/core";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import { checkMobile, type IdentityProblem } from "../../onboarding/identity-checks.ts";
import type { Onboarding } from "../../onboarding/onboarding.api.ts";
import { storePendingPhone } from "../../onboarding/pending-phone.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { formatPhoneTyping } from "./typing-format.ts";
import { useSaveAttributes } from "./useSaveAttributes.ts";

/** The Icelandic mobile number the SMS code goes to; the code's verification id waits in the tab's storage. */
export function PhoneForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(formatPhone(onboarding.attributes.phone ?? "", "national"));
  const [error, setError] = useState<IdentityProblem | null>(null);
  const save = useSaveAttributes(onboarding.id, (answer, input) => {
    if (answer.verification_id) {
      storePendingPhone({ onboarding_id: onboarding.id, verification_id: answer.verification_id });
    }
    return PATHS.signupPhoneVerify(onboarding.id, input.attributes[0]?.value ?? "");
  });

  const submit = () => {
    const result = checkMobile(phone);
    setError(result.ok ? null : result.message);
    if (result.ok) save.mutate({ attributes: [{ kind: "phone", value: result.value }] });
  };

  return (
    <AuthStep
      step="signupPhone"
      stampedSteps={onboarding.steps}
      title={t("auth.signup.phone.title")}
      intro={t("auth.signup.phone.intro")}
      onSubmit={submit}
      submitting={save.isPending}
      notice={save.isError && <ApiErrorAlert error={save.error} testId="auth-error" />}
    >
      <TextInput
        type="tel"
        label={t("auth.signup.phone.label")}
        placeholder="612 3456"
        autoComplete="tel-national"
        size="md"
        value={phone}
        onChange={(event) => setPhone(formatPhoneTyping(event.currentTarget.value))}
        onBlur={() => setPhone(formatPhone(phone))}
        error={error && t(error)}
        data-testid="signup-phone"
        autoFocus
      />
    </AuthStep>
  );
}
