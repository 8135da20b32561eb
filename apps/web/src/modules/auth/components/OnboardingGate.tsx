import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../../app/router/paths.ts";
import type { Onboarding } from "../../onboarding/onboarding.api.ts";
import { useOnboarding } from "../../onboarding/useOnboarding.ts";

/**
 * The sign-up steps load their onboarding (for its step count and what is filled in) before showing the form; a
 * finished sign-up leads to sign-in, an expired one to starting again.
 */
export function OnboardingGate({ children }: { children: (onboarding: Onboarding) => ReactNode }) {
  const { t } = useTranslation();
  const { onboardingId = "" } = useParams();
  const onboarding = useOnboarding(onboardingId);
  if (onboarding.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t("states.loading")} />
      </Center>
    );
  }
  if (onboarding.isError) {
    return (
      <Stack gap="md">
        <ApiErrorAlert error={onboarding.error} testId="auth-error" />
        <Button component={Link} to={PATHS.auth} variant="light">
          {t("auth.backToStart")}
        </Button>
      </Stack>
    );
  }
  if (onboarding.data.status !== "created") {
    const done = onboarding.data.status !== "expired";
    return (
      <Stack gap="md" data-testid="onboarding-closed" data-status={onboarding.data.status}>
        <Alert color={done ? "green" : "yellow"} variant="light">
          {done ? t("auth.signup.alreadyDone") : t("errors.RESTART_REQUIRED")}
        </Alert>
        <Button component={Link} to={done ? PATHS.auth : PATHS.onboardingCreate} variant="light">
          {done ? t("invites.accept.signIn") : t("auth.backToStart")}
        </Button>
      </Stack>
    );
  }
  return children(onboarding.data);
}
