import type { ValidationMessage } from "@kort/core";
import { PASSCODE_LENGTH, VERIFICATION_CODE_LENGTH } from "@kort/core";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import type { AuthStepId } from "../auth-progress.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { CodeField } from "../components/CodeField.tsx";
import { loadSchemas, usePrefetchSchemas } from "../lazy-schemas.ts";
import { validationMessage } from "../validation-message.ts";

export type CodeStepPageProps = {
  step: AuthStepId;
  stampedSteps?: number | undefined;
  /** A 6-digit one-time code sent by SMS, or the 4-digit passcode. */
  kind: "verification" | "passcode";
  title: string;
  intro: ReactNode;
  label: string;
  /** Sends the code and moves on; rejects with the server's error, which the page shows. */
  submit: (code: string) => Promise<void>;
  footer?: ReactNode;
};

const RULES = {
  verification: { length: VERIFICATION_CODE_LENGTH, schema: "verificationCodeSchema", secret: false },
  passcode: { length: PASSCODE_LENGTH, schema: "passcodeSchema", secret: true },
} as const;

/** The steps that ask for a code: the SMS verification code or the passcode, in sign-in and sign-up alike. */
export function CodeStepPage({ step, stampedSteps, kind, title, intro, label, submit, footer }: CodeStepPageProps) {
  const { t } = useTranslation();
  const rule = RULES[kind];
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<ValidationMessage | null>(null);
  // After a refusal the next try starts from empty boxes; a code is quicker to type again than to correct.
  const send = useMutation({ mutationFn: submit, onError: () => setCode("") });

  usePrefetchSchemas();

  const onSubmit = async () => {
    const schemas = await loadSchemas();
    const problem = validationMessage(schemas[rule.schema], code);
    setInvalid(problem);
    if (!problem) send.mutate(code.trim());
  };

  return (
    <AuthStep
      step={step}
      stampedSteps={stampedSteps}
      title={title}
      intro={intro}
      onSubmit={onSubmit}
      submitting={send.isPending}
      notice={send.isError && <ApiErrorAlert error={send.error} testId="auth-error" />}
      footer={footer}
    >
      <CodeField
        label={label}
        length={rule.length}
        secret={rule.secret}
        value={code}
        onChange={setCode}
        error={invalid && t(invalid)}
      />
    </AuthStep>
  );
}
