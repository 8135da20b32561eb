import { Alert, Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { myReceiptLock, myReceiptLockKey } from "./mobile.api.ts";

/**
 * Issue 19: while the company's receipt lock holds the caller's cards, how many receipts are missing and a link to
 * those purchases. Shown nowhere when nothing is missing (or an owner lifted the lock).
 */
export function ReceiptLockNotice() {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const lock = useQuery({ queryKey: myReceiptLockKey(projectId), queryFn: ({ signal }) => myReceiptLock(signal) });
  if (!lock.data?.locked) return null;
  return (
    <Alert color="red" variant="light" data-testid="app-receipt-lock" data-count={lock.data.missing_count}>
      <Text size="sm">{t("spendRules.app.locked", { count: lock.data.missing_count })}</Text>
      <Anchor
        component={Link}
        to={APP_PATHS.missingReceipts}
        size="sm"
        fw={600}
        mih={TOUCH_TARGET}
        style={{ display: "inline-flex", alignItems: "center" }}
        data-testid="app-receipt-lock-link"
      >
        {t("spendRules.app.seeMissing")}
      </Anchor>
    </Alert>
  );
}
