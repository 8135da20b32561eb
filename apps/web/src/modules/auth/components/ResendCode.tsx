import { Button, Center, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../app/errors/ApiErrorAlert.tsx";

/**
 * "Send a new code" under a code step, with what happened: sent, or why not (too many, or start again). `children`
 * go below it (the start-over link).
 */
export function ResendCode({ send, children }: { send: () => Promise<unknown>; children?: ReactNode }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: send });
  return (
    <Center style={{ flexDirection: "column", gap: 8 }}>
      <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending} data-testid="resend-code">
        {t("auth.code.resend")}
      </Button>
      {resend.isSuccess && (
        <Text size="sm" c="dimmed" role="status" data-testid="resend-done">
          {t("auth.code.resent")}
        </Text>
      )}
      {resend.isError && <ApiErrorAlert error={resend.error} />}
      {children}
    </Center>
  );
}
