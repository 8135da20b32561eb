import { fullNameSchema, type ValidationMessage } from "@kort/core";
import { Checkbox, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthStep } from "../components/AuthStep.tsx";
import { usePendingStep } from "../components/usePendingStep.tsx";
import { validationMessage } from "../validation-message.ts";

/** `/auth/signup/fullname/:onboardingId`: full name, with consent to the terms and privacy policy. */
export function SignupFullNamePage() {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState("");
  const [consent, setConsent] = useState(false);
  const [nameError, setNameError] = useState<ValidationMessage | null>(null);
  const [consentMissing, setConsentMissing] = useState(false);
  const { submit, notice } = usePendingStep(() => {
    const problem = validationMessage(fullNameSchema, fullName);
    setNameError(problem);
    setConsentMissing(!consent);
    return problem === null && consent;
  });

  return (
    <AuthStep
      step="signupFullName"
      title={t("auth.signup.fullName.title")}
      intro={t("auth.signup.fullName.intro")}
      onSubmit={submit}
      notice={notice}
    >
      <TextInput
        label={t("auth.signup.fullName.label")}
        autoComplete="name"
        size="md"
        value={fullName}
        onChange={(event) => setFullName(event.currentTarget.value)}
        error={nameError && t(nameError)}
        autoFocus
      />
      <Checkbox
        label={t("auth.signup.fullName.consent")}
        checked={consent}
        onChange={(event) => setConsent(event.currentTarget.checked)}
        error={consentMissing && t("auth.signup.fullName.consentRequired")}
      />
    </AuthStep>
  );
}
