import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiErrorCode } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { SignInButton } from "./SignInButton.tsx";

/** An invitation that can no longer be accepted: why, and sign-in when the person is a member already. */
export function InviteStatusNotice({ status, error }: { status: string; error: ApiErrorCode | null }) {
  const { t } = useTranslation();
  if (error === "ALREADY_MEMBER" || status === "accepted") {
    return (
      <>
        {error === null && (
          <Alert variant="light" data-testid="invite-status" data-status={status}>
            {t("invites.accept.alreadyAccepted")}
          </Alert>
        )}
        <SignInButton />
      </>
    );
  }
  if (error !== null) return null;
  const code = status === "expired" ? "INVITATION_EXPIRED" : "INVITATION_NOT_FOUND";
  return (
    <Alert color="red" variant="light" data-testid="invite-status" data-status={status} data-code={code}>
      {t(errorKey(code))}
    </Alert>
  );
}
