import { fullNameSchema, type ValidationMessage } from "@kort/core";
import { Anchor, Checkbox, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import type { Onboarding } from "../../onboarding/onboarding.api.ts";
import { AuthStep } from "../components/AuthStep.tsx";
import { validationMessage } from "../validation-message.ts";
import { useSaveAttributes } from "./useSaveAttributes.ts";

/**
 * A consent's label whose `<doc>` part opens the document in a new tab (the form keeps what was typed). Not
 * `<link>`: Trans parses the text as HTML, where link is an element without content.
 */
function ConsentLabel(props: {
  text: "auth.signup.fullName.terms" | "auth.signup.fullName.privacy";
  href: string;
  testId: string;
}) {
  return (
    <Trans
      i18nKey={props.text}
      components={{
        doc: <Anchor href={props.href} target="_blank" rel="noopener" inherit data-testid={props.testId} />,
      }}
    />
  );
}

/** Full name, with consent to the terms and to the privacy policy (both required, docs/auth.md). */
export function FullNameForm({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState(onboarding.attributes.full_name ?? "");
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [nameError, setNameError] = useState<ValidationMessage | null>(null);
  const [consentChecked, setConsentChecked] = useState(false);
  const save = useSaveAttributes(onboarding.id, () => PATHS.signupNin(onboarding.id));

  const submit = () => {
    const problem = validationMessage(fullNameSchema, fullName);
    setNameError(problem);
    setConsentChecked(true);
    if (problem || !terms || !privacy) return;
    save.mutate({
      attributes: [{ kind: "full_name", value: fullName.trim() }],
      terms_accepted: true,
      privacy_accepted: true,
    });
  };

  return (
    <AuthStep
      step="signupFullName"
      stampedSteps={onboarding.steps}
      title={t("auth.signup.fullName.title")}
      intro={t("auth.signup.fullName.intro")}
      onSubmit={submit}
      submitting={save.isPending}
      notice={save.isError && <ApiErrorAlert error={save.error} testId="auth-error" />}
    >
      <TextInput
        label={t("auth.signup.fullName.label")}
        autoComplete="name"
        size="md"
        value={fullName}
        onChange={(event) => setFullName(event.currentTarget.value)}
        error={nameError && t(nameError === "validation.required" ? "auth.signup.fullName.required" : nameError)}
        data-testid="signup-full-name"
        autoFocus
      />
      <Stack gap="xs">
        <Checkbox
          label={<ConsentLabel text="auth.signup.fullName.terms" href={PATHS.terms} testId="signup-terms-link" />}
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          error={consentChecked && !terms && t("auth.signup.fullName.termsRequired")}
          data-testid="signup-terms"
        />
        <Checkbox
          label={<ConsentLabel text="auth.signup.fullName.privacy" href={PATHS.privacy} testId="signup-privacy-link" />}
          checked={privacy}
          onChange={(event) => setPrivacy(event.currentTarget.checked)}
          error={consentChecked && !privacy && t("auth.signup.fullName.privacyRequired")}
          data-testid="signup-privacy"
        />
      </Stack>
    </AuthStep>
  );
}
