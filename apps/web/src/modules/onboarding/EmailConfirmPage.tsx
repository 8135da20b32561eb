import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconClockX, IconMailOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../app/router/paths.ts";
import { ProgressDots } from "../../ui/progress-dots/ProgressDots.tsx";
import { authProgress } from "../auth/auth-progress.ts";
import { readEmailLink, useEmailConfirmation } from "./useEmailConfirmation.ts";

/** `/emailConfirm`: the link in the sign-up e-mail lands here: confirmed, invitation expired, or an error. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = readEmailLink(params);
  const confirmation = useEmailConfirmation(link);
  const progress = authProgress("signupEmail");
  const dots = (
    <ProgressDots
      total={progress.total}
      current={progress.current}
      label={t("auth.progress", { current: progress.current, total: progress.total })}
    />
  );

  if (!link) {
    return (
      <Stack gap="md" data-testid="page-email-confirm" data-state="missing">
        <Title order={1} size="h2">
          {t("public.emailConfirm.title")}
        </Title>
        <Text c="dimmed">{t("public.emailConfirm.body")}</Text>
        <Button component={Link} to={PATHS.auth} variant="light" size="md">
          {t("public.emailConfirm.back")}
        </Button>
      </Stack>
    );
  }
  if (confirmation.isPending) {
    return (
      <Center py="xl" data-testid="page-email-confirm" data-state="confirming">
        <Loader aria-label={t("states.loading")} />
      </Center>
    );
  }
  if (confirmation.isError) {
    const expired = toApiError(confirmation.error).code === "INVITATION_EXPIRED";
    return (
      <Stack gap="md" align="flex-start" data-testid="page-email-confirm" data-state={expired ? "expired" : "error"}>
        {dots}
        {expired ? <IconClockX size={40} stroke={1.5} /> : <IconMailOff size={40} stroke={1.5} />}
        <Title order={1} size="h2">
          {expired ? t("public.emailConfirm.expiredTitle") : t("errors.EMAIL_NOT_CONFIRMED")}
        </Title>
        {!expired && <ApiErrorAlert error={confirmation.error} testId="auth-error" />}
        <Text c="dimmed">{expired ? t("public.emailConfirm.expiredBody") : t("public.emailConfirm.errorBody")}</Text>
        <Button component={Link} to={PATHS.auth} variant="light" size="md">
          {t("public.emailConfirm.back")}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start" data-testid="page-email-confirm" data-state="confirmed">
      {dots}
      <IconCircleCheck size={40} stroke={1.5} color="var(--mantine-color-green-6)" />
      <Title order={1} size="h2">
        {t("public.emailConfirm.confirmedTitle")}
      </Title>
      <Text c="dimmed">{t("public.emailConfirm.confirmedBody")}</Text>
      <Button
        component={Link}
        to={PATHS.signupFullName(link.onboardingId)}
        size="md"
        fullWidth
        data-testid="email-confirm-continue"
      >
        {t("auth.submit")}
      </Button>
    </Stack>
  );
}
