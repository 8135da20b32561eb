import { emailSchema, fullNameSchema, type ValidationMessage } from "@kort/core";
import { Anchor, Center, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../app/router/paths.ts";
import { AuthStep } from "../auth/components/AuthStep.tsx";
import { formatKennitalaTyping } from "../auth/signup/typing-format.ts";
import { validationMessage } from "../auth/validation-message.ts";
import { keepReferralCode } from "../referrals/referral-code.ts";
import { CheckEmail } from "./components/CheckEmail.tsx";
import { checkKennitala, type IdentityProblem } from "./identity-checks.ts";
import { createCompanyOnboarding } from "./onboarding.api.ts";

type Problem = ValidationMessage | IdentityProblem;
type Problems = { name: Problem | null; kennitala: Problem | null; email: Problem | null };

/** `/onboarding/create`: a new company (name and kennitala) and the e-mail of its first user, the owner. */
export function OnboardingCreatePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  // A referral link (issue 16) carries a code: kept until the company exists, then redeemed for it.
  useEffect(() => keepReferralCode(search), [search]);
  const [name, setName] = useState("");
  const [kennitala, setKennitala] = useState("");
  const [email, setEmail] = useState("");
  const [problems, setProblems] = useState<Problems>({ name: null, kennitala: null, email: null });
  const create = useMutation({
    mutationFn: (input: { email: string; name: string; kennitala: string }) =>
      createCompanyOnboarding(input.email, { name: input.name, kennitala: input.kennitala }),
  });

  if (create.isSuccess) return <CheckEmail email={create.variables.email} />;

  const submit = () => {
    const company = checkKennitala(kennitala, "company");
    const found: Problems = {
      name: validationMessage(fullNameSchema, name),
      kennitala: company.ok ? null : company.message,
      email: validationMessage(emailSchema, email),
    };
    setProblems(found);
    if (!company.ok || found.name || found.email) return;
    create.mutate({ email: email.trim().toLowerCase(), name: name.trim(), kennitala: company.value });
  };

  const message = (key: Problem | null) => (key === null ? null : t(key));

  return (
    <AuthStep
      step="signupEmail"
      title={t("onboarding.create.title")}
      intro={t("onboarding.create.intro")}
      onSubmit={submit}
      submitting={create.isPending}
      notice={create.isError && <ApiErrorAlert error={create.error} testId="auth-error" />}
      footer={
        <Center>
          <Anchor component={Link} to={PATHS.auth} size="sm">
            {t("onboarding.create.haveAccount")}
          </Anchor>
        </Center>
      }
    >
      <TextInput
        label={t("onboarding.create.companyName")}
        autoComplete="organization"
        size="md"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={message(problems.name)}
        data-testid="onboarding-company-name"
        autoFocus
      />
      <TextInput
        label={t("onboarding.create.companyKennitalaLabel")}
        placeholder="470119-1010"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        size="md"
        value={kennitala}
        onChange={(event) => setKennitala(formatKennitalaTyping(event.currentTarget.value))}
        error={message(problems.kennitala)}
        data-testid="onboarding-company-kennitala"
      />
      <TextInput
        type="email"
        label={t("onboarding.create.email")}
        placeholder={t("auth.email.placeholder")}
        autoComplete="email"
        size="md"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={message(problems.email)}
        data-testid="onboarding-email"
      />
    </AuthStep>
  );
}
