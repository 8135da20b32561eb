import { Alert, Button, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../api/api-error.ts";
import { errorKey } from "../api/error-key.ts";
import { useLogInAgain } from "../session/useLogInAgain.ts";
import { FullPage } from "./FullPage.tsx";
import { SupportLink } from "./SupportLink.tsx";

/** Spec 2 and 8: the error screen with the message, a log-in-again button and the support contact. */
export function FullPageError({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const logInAgain = useLogInAgain();
  return (
    <FullPage
      title={t("states.error.title")}
      testId="state-error"
      icon={<IconAlertTriangle size={40} stroke={1.5} color="var(--mantine-color-red-6)" />}
    >
      <Alert color="red" variant="light" w="100%" data-testid="state-error-message" data-code={error.code}>
        {t(errorKey(error.code))}
      </Alert>
      <Text c="dimmed">{t("states.error.body")}</Text>
      <Button onClick={logInAgain}>{t("states.error.loginAgain")}</Button>
      <SupportLink />
    </FullPage>
  );
}
