import { Alert, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { type ApiErrorCode, toApiError } from "../../app/api/api-error.ts";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { PATHS } from "../../app/router/paths.ts";
import { InviteDetails } from "./InviteDetails.tsx";
import { InviteStatusNotice } from "./InviteStatusNotice.tsx";
import { acceptInvite } from "./invites.api.ts";
import { SignInButton } from "./SignInButton.tsx";
import { useInvite } from "./useInvite.ts";

/** Answers after which accepting again cannot help. */
const FINAL: ReadonlySet<ApiErrorCode> = new Set(["ALREADY_MEMBER", "INVITATION_EXPIRED", "INVITATION_NOT_FOUND"]);

/**
 * `/invites/accept?invite_id=…&token=…`: the invitation e-mail's landing page. Accepting makes a known user a
 * member (then sign in); anyone else continues to sign-up at the full name, with 4 progress dots.
 */
export function InviteAcceptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteId = params.get("invite_id");
  const token = params.get("token");
  const invite = useInvite(inviteId && token ? inviteId : null);
  const accept = useMutation({
    mutationFn: () => acceptInvite(inviteId ?? "", token ?? ""),
    onSuccess: (answer) => {
      if (answer.status === "onboarding") navigate(PATHS.signupFullName(answer.onboarding_id));
    },
  });

  const header = (
    <Title order={1} size="h2">
      {t("public.invite.title")}
    </Title>
  );
  if (!inviteId || !token) {
    return (
      <Stack gap="md" data-testid="page-invite-accept">
        {header}
        <Alert color="yellow" variant="light">
          {t("public.invite.missing")}
        </Alert>
      </Stack>
    );
  }
  if (invite.isPending) {
    return (
      <Center py="xl" data-testid="page-invite-accept">
        <Loader aria-label={t("states.loading")} />
      </Center>
    );
  }
  if (invite.isError) {
    return (
      <Stack gap="md" data-testid="page-invite-accept">
        {header}
        <ApiErrorAlert error={invite.error} testId="invite-error" />
      </Stack>
    );
  }
  if (accept.data?.status === "accepted") {
    return (
      <Stack gap="md" data-testid="page-invite-accept" data-state="accepted">
        {header}
        <Alert color="green" variant="light" data-testid="invite-accepted">
          {t("invites.accept.accepted")}
        </Alert>
        <SignInButton />
      </Stack>
    );
  }
  const acceptError = accept.isError ? toApiError(accept.error).code : null;
  const final = acceptError !== null && FINAL.has(acceptError);
  return (
    <Stack gap="md" data-testid="page-invite-accept">
      {header}
      <Text c="dimmed">{t("invites.accept.intro")}</Text>
      <InviteDetails invite={invite.data} />
      {accept.isError && <ApiErrorAlert error={accept.error} testId="invite-error" />}
      {invite.data.status === "pending" && !final ? (
        <Button
          size="md"
          fullWidth
          onClick={() => accept.mutate()}
          loading={accept.isPending}
          data-testid="invite-accept"
        >
          {t("invites.accept.button")}
        </Button>
      ) : (
        <InviteStatusNotice status={invite.data.status} error={final ? acceptError : null} />
      )}
    </Stack>
  );
}
