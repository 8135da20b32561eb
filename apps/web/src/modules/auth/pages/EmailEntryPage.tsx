import { Anchor, Button, Center, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toApiError } from "../../../app/api/api-error.ts";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import { CheckEmail } from "../../onboarding/components/CheckEmail.tsx";
import { createInvitedOnboarding } from "../../onboarding/onboarding.api.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { useAuthSearch } from "../components/useAuthSearch.ts";
import { loadSchemas, usePrefetchSchemas } from "../lazy-schemas.ts";
import { usePrefetchSignInSteps } from "../lazy-sign-in-steps.ts";
import { storePendingSignIn } from "../pending-sign-in.ts";
import { startSignIn } from "../sign-in.api.ts";
import { validationMessage } from "../validation-message.ts";

type Started = "signIn" | "signUp";

/**
 * Starts sign-in; an invited person the server does not know yet (SIGN_UP_REQUIRED) gets a sign-up
 * onboarding instead, whose link goes by e-mail.
 */
const start = async (email: string): Promise<Started> => {
  try {
    const token = await startSignIn(email);
    storePendingSignIn({
      token_id: token.id,
      verification_id: token.verification_id,
      email,
      phone_hint: token.phone_hint ?? null,
    });
    return "signIn";
  } catch (error) {
    if (toApiError(error).code !== "SIGN_UP_REQUIRED") throw error;
    await createInvitedOnboarding(email);
    return "signUp";
  }
};

/** `/auth`: the e-mail address that starts sign-in (or an invited person's sign-up). */
export function EmailEntryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useAuthSearch();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<ReturnType<typeof validationMessage>>(null);
  usePrefetchSchemas();
  usePrefetchSignInSteps();
  const begin = useMutation({
    mutationFn: start,
    onSuccess: (started) => {
      if (started === "signIn") navigate(`${PATHS.signinPhoneVerify}${search}`);
    },
  });

  if (begin.data === "signUp") {
    return (
      <CheckEmail email={begin.variables}>
        <Button variant="subtle" px={0} onClick={() => begin.reset()} data-testid="auth-start-over">
          {t("auth.backToStart")}
        </Button>
      </CheckEmail>
    );
  }

  const submit = async () => {
    const { emailSchema } = await loadSchemas();
    const problem = validationMessage(emailSchema, email);
    setInvalid(problem);
    if (!problem) begin.mutate(email.trim().toLowerCase());
  };

  return (
    <AuthStep
      step="email"
      title={t("auth.email.title")}
      intro={t("auth.email.intro")}
      onSubmit={submit}
      submitting={begin.isPending}
      notice={begin.isError && <ApiErrorAlert error={begin.error} testId="auth-error" />}
      footer={
        <Center>
          <Anchor component={Link} to={PATHS.onboardingCreate} size="sm" data-testid="auth-create-company">
            {t("auth.email.createCompany")}
          </Anchor>
        </Center>
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
