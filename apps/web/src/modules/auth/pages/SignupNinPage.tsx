import { formatKennitala, kennitalaSchema, type ValidationMessage } from "@kort/core";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthStep } from "../components/AuthStep.tsx";
import { usePendingStep } from "../components/usePendingStep.tsx";
import { validationMessage } from "../validation-message.ts";

/** `/auth/signup/nin/:onboardingId`: the kennitala, shown with a dash after six digits. */
export function SignupNinPage() {
  const { t } = useTranslation();
  const [nin, setNin] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const { submit, notice } = usePendingStep(() => {
    const problem = validationMessage(kennitalaSchema, nin);
    setError(problem);
    return problem === null;
  });

  return (
    <AuthStep
      step="signupNin"
      title={t("auth.signup.nin.title")}
      intro={t("auth.signup.nin.intro")}
      onSubmit={submit}
      notice={notice}
    >
      <TextInput
        label={t("auth.signup.nin.label")}
        placeholder="010130-2989"
        inputMode="numeric"
        maxLength={11}
        size="md"
        value={nin}
        onChange={(event) => setNin(event.currentTarget.value)}
        onBlur={() => setNin(formatKennitala(nin))}
        error={error && t(error)}
        autoFocus
      />
    </AuthStep>
  );
}
