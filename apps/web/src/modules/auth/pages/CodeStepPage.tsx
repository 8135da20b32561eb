import type { ValidationMessage } from "@kort/core";
import { PASSCODE_LENGTH, passcodeSchema, VERIFICATION_CODE_LENGTH, verificationCodeSchema } from "@kort/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuthStepId } from "../auth-progress.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { CodeField } from "../components/CodeField.tsx";
import { usePendingStep } from "../components/usePendingStep.tsx";
import { validationMessage } from "../validation-message.ts";

export type CodeStepPageProps = {
  step: AuthStepId;
  /** A 6-digit one-time code sent by SMS, or the 4-digit passcode. */
  kind: "verification" | "passcode";
  title: string;
  intro: string;
  label: string;
};

const RULES = {
  verification: { length: VERIFICATION_CODE_LENGTH, schema: verificationCodeSchema, secret: false },
  passcode: { length: PASSCODE_LENGTH, schema: passcodeSchema, secret: true },
} as const;

/** The steps that ask for a code: the SMS verification code or the passcode, in sign-in and sign-up alike. */
export function CodeStepPage({ step, kind, title, intro, label }: CodeStepPageProps) {
  const { t } = useTranslation();
  const rule = RULES[kind];
  const [code, setCode] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const { submit, notice } = usePendingStep(() => {
    const problem = validationMessage(rule.schema, code);
    setError(problem);
    return problem === null;
  });

  return (
    <AuthStep step={step} title={title} intro={intro} onSubmit={submit} notice={notice}>
      <CodeField
        label={label}
        length={rule.length}
        secret={rule.secret}
        value={code}
        onChange={setCode}
        error={error && t(error)}
      />
    </AuthStep>
  );
}
