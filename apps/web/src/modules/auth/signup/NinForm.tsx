import { formatKennitala } from "@kort/core";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import { checkKennitala, type IdentityProblem } from "../../onboarding/identity-checks.ts";
import type { Onboarding } from "../../onboarding/onboarding.api.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { formatKennitalaTyping } from "./typing-format.ts";
import { useSaveAttributes } from "./useSaveAttributes.ts";

/** The person's kennitala, checked by its check digit and written with a dash after six digits. */
export function NinForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const [nin, setNin] = useState(formatKennitala(onboarding.attributes.national_id ?? ""));
  const [error, setError] = useState<IdentityProblem | null>(null);
  const save = useSaveAttributes(onboarding.id, () => PATHS.signupSecurityCode(onboarding.id));

  const submit = () => {
    const result = checkKennitala(nin, "person");
    setError(result.ok ? null : result.message);
    if (result.ok) save.mutate({ attributes: [{ kind: "national_id", value: result.value }] });
  };

  return (
    <AuthStep
      step="signupNin"
      stampedSteps={onboarding.steps}
      title={t("auth.signup.nin.title")}
      intro={t("auth.signup.nin.intro")}
      onSubmit={submit}
      submitting={save.isPending}
      notice={save.isError && <ApiErrorAlert error={save.error} testId="auth-error" />}
    >
      <TextInput
        label={t("auth.signup.nin.label")}
        placeholder="010130-2989"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        size="md"
        value={nin}
        onChange={(event) => setNin(formatKennitalaTyping(event.currentTarget.value))}
        error={error && t(error)}
        data-testid="signup-nin"
        autoFocus
      />
    </AuthStep>
  );
}
