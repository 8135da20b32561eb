import { Button, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ProgressDots } from "../../../ui/progress-dots/ProgressDots.tsx";
import { type AuthStepId, authProgress } from "../auth-progress.ts";

export type AuthStepProps = {
  step: AuthStepId;
  title: string;
  intro: string;
  onSubmit: () => void;
  submitting?: boolean;
  /** Shown under the fields: a server error, or the notice that the step is not connected yet. */
  notice?: ReactNode;
  children: ReactNode;
};

/** One auth screen: progress dots, title, intro, the step's fields and the continue button. */
export function AuthStep({ step, title, intro, onSubmit, submitting = false, notice, children }: AuthStepProps) {
  const { t } = useTranslation();
  const progress = authProgress(step);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
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
          {t("auth.submit")}
        </Button>
      </Stack>
    </form>
  );
}
