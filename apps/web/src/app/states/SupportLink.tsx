import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from "../support.ts";

/** "Contact support" as a mailto link that also shows the address. */
export function SupportLink() {
  const { t } = useTranslation();
  return (
    <Anchor href={SUPPORT_MAILTO} data-testid="support-link">
      {t("states.error.contactSupport")}: {SUPPORT_EMAIL}
    </Anchor>
  );
}
