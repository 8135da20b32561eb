import { emailSchema } from "@kort/core";
import { Alert, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../../app/api/api-error.ts";
import { errorKey } from "../../../app/api/error-key.ts";
import { PATHS } from "../../../app/router/paths.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { startSignIn } from "../sign-in.api.ts";
import { validationMessage } from "../validation-message.ts";

/** `/auth`: the e-mail address that starts sign-in (or sign-up). */
export function EmailEntryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<ReturnType<typeof validationMessage>>(null);
  const start = useMutation({
    mutationFn: startSignIn,
    onSuccess: (token) =>
      navigate({ pathname: PATHS.signinPhoneVerify, search: params.toString() }, { state: { email, token } }),
  });

  const submit = () => {
    const problem = validationMessage(emailSchema, email);
    setInvalid(problem);
    if (!problem) start.mutate(email.trim().toLowerCase());
  };

  return (
    <AuthStep
      step="email"
      title={t("auth.email.title")}
      intro={t("auth.email.intro")}
      onSubmit={submit}
      submitting={start.isPending}
      notice={
        start.isError && (
          <Alert color="red" variant="light" data-testid="auth-error" data-code={toApiError(start.error).code}>
            {t(errorKey(toApiError(start.error).code))}
          </Alert>
        )
      }
    >
      <TextInput
        type="email"
        label={t("auth.email.label")}
        placeholder={t("auth.email.placeholder")}
        autoComplete="email"
        size="md"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={invalid && t(invalid)}
        data-testid="auth-email"
        autoFocus
      />
    </AuthStep>
  );
}
