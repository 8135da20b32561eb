import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The sign-up and sign-in steps after the e-mail are not wired to the server yet: a valid submit says so
 * plainly instead of pretending to move on. Replaced by the real calls in the sign-in issue.
 */
export const usePendingStep = (isValid: () => boolean): { submit: () => void; notice: ReactNode } => {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const submit = () => setPending(isValid());
  const notice = pending ? (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="auth-pending">
      {t("auth.pending")}
    </Alert>
  ) : null;
  return { submit, notice };
};
