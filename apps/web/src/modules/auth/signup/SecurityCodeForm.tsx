import { PASSCODE_LENGTH, passcodeSchema, type ValidationMessage } from "@kort/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import type { Onboarding } from "../../onboarding/onboarding.api.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { CodeField } from "../components/CodeField.tsx";
import { validationMessage } from "../validation-message.ts";
import { useSaveAttributes } from "./useSaveAttributes.ts";

/** The 4-digit passcode, entered twice; the two must match. */
export function SecurityCodeForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const [passcode, setPasscode] = useState("");
  const [repeat, setRepeat] = useState("");
  const [invalid, setInvalid] = useState<ValidationMessage | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const save = useSaveAttributes(onboarding.id, () => PATHS.signupPhone(onboarding.id));

  const submit = () => {
    const problem = validationMessage(passcodeSchema, passcode);
    const differs = problem === null && passcode !== repeat;
    setInvalid(problem);
    setMismatch(differs);
    if (differs) setRepeat("");
    if (problem === null && !differs) save.mutate({ attributes: [{ kind: "app_pin", value: passcode }] });
  };

  return (
    <AuthStep
      step="signupSecurityCode"
      stampedSteps={onboarding.steps}
      title={t("auth.signup.securityCode.title")}
      intro={t("auth.signup.securityCode.intro")}
      onSubmit={submit}
      submitting={save.isPending}
      notice={save.isError && <ApiErrorAlert error={save.error} testId="auth-error" />}
    >
      <CodeField
        label={t("auth.signup.securityCode.label")}
        length={PASSCODE_LENGTH}
        secret
        value={passcode}
        onChange={setPasscode}
        error={invalid && t(invalid)}
        testId="signup-passcode"
      />
      <CodeField
        label={t("auth.signup.securityCode.repeatLabel")}
        length={PASSCODE_LENGTH}
        secret
        value={repeat}
        onChange={setRepeat}
        error={mismatch ? t("auth.signup.securityCode.mismatch") : null}
        testId="signup-passcode-repeat"
        autoFocus={false}
      />
    </AuthStep>
  );
}
