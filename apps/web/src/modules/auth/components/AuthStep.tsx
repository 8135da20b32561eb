import { Button, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ProgressDots } from "../../../ui/progress-dots/ProgressDots.tsx";
import { type AuthStepId, authProgress } from "../auth-progress.ts";

export type AuthStepProps = {
  step: AuthStepId;
  /** The step count the onboarding was stamped with (4 for an invitation); sign-in ignores it. */
  stampedSteps?: number | undefined;
  title: string;
  intro: ReactNode;
  onSubmit: () => void;
  submitting?: boolean;
  submitLabel?: string;
  /** Shown under the fields: the server's error for the last try. */
  notice?: ReactNode;
  /** Under the button: start over, send a new code... */
  footer?: ReactNode;
  children: ReactNode;
};

/** One auth screen: progress dots, title, intro, the step's fields and the continue button. */
export function AuthStep(props: AuthStepProps) {
  const { t } = useTranslation();
  const { step, stampedSteps, title, intro, onSubmit, submitting = false, notice, footer, children } = props;
  const progress = authProgress(step, stampedSteps);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid={`auth-step-${step}`}>
      <Stack gap="lg">
        <ProgressDots
          total={progress.total}
          current={progress.current}
          label={t("auth.progress", { current: progress.current, total: progress.total })}
        />
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        {children}
        {notice}
        <Button type="submit" size="md" fullWidth loading={submitting} data-testid="auth-submit">
          {props.submitLabel ?? t("auth.submit")}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
