import { Alert, Text } from "@mantine/core";
import { format } from "date-fns";
import { useTranslation } from "react-i18next";
import { toApiError } from "../api/api-error.ts";
import { errorKey } from "../api/error-key.ts";
import { attemptsLeft, errorReasons, lockedUntil } from "./error-details.ts";

/** The reasons the server gives that have a message of their own (errorReasons.<reason>). */
const KNOWN_REASONS = ["user_exists", "in_use", "not_person", "not_company", "not_mobile"] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (reason: string): reason is KnownReason => (KNOWN_REASONS as readonly string[]).includes(reason);

export type ApiErrorAlertProps = { error: unknown; testId?: string };

/**
 * A failed call's message in the reader's language (errors.<CODE>), with the code on `data-code` for tests;
 * a temporary lock also says until when, a wrong code how many tries are left, a refusal the reason named.
 */
export function ApiErrorAlert({ error, testId = "api-error" }: ApiErrorAlertProps) {
  const { t } = useTranslation();
  const apiError = toApiError(error);
  const until = apiError.code === "USER_TEMPORARILY_LOCKED" ? lockedUntil(apiError.details) : null;
  const left = attemptsLeft(apiError.details);
  const reasons = errorReasons(apiError.details).filter(isKnownReason);
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId} data-code={apiError.code}>
      <Text size="sm">{t(errorKey(apiError.code))}</Text>
      {until && (
        <Text size="sm" mt={4}>
          {t("auth.lockedUntil", { time: format(until, "HH:mm") })}
        </Text>
      )}
      {reasons.map((reason) => (
        <Text size="sm" mt={4} key={reason} data-testid="error-reason" data-reason={reason}>
          {t(`errorReasons.${reason}`)}
        </Text>
      ))}
      {left !== null && left > 0 && (
        <Text size="sm" mt={4} data-testid="attempts-left">
          {t("auth.attemptsLeft", { count: left })}
        </Text>
      )}
    </Alert>
  );
}
