import { icelandicPhoneSchema, type ValidationMessage } from "@kort/core";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthStep } from "../components/AuthStep.tsx";
import { usePendingStep } from "../components/usePendingStep.tsx";
import { validationMessage } from "../validation-message.ts";

/** `/auth/signup/phone/:onboardingId`: the mobile number the verification code goes to. */
export function SignupPhonePage() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const { submit, notice } = usePendingStep(() => {
    const problem = validationMessage(icelandicPhoneSchema, phone);
    setError(problem);
    return problem === null;
  });

  return (
    <AuthStep
      step="signupPhone"
      title={t("auth.signup.phone.title")}
      intro={t("auth.signup.phone.intro")}
      onSubmit={submit}
      notice={notice}
    >
      <TextInput
        type="tel"
        label={t("auth.signup.phone.label")}
        placeholder="612 3456"
        autoComplete="tel"
        size="md"
        value={phone}
        onChange={(event) => setPhone(event.currentTarget.value)}
        error={error && t(error)}
        autoFocus
      />
    </AuthStep>
  );
}
