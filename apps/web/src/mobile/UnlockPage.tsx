import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { afterSignInPath, authRedirectPath } from "../app/router/redirect-path.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { unlockWithBiometrics } from "./unlock.ts";
import { unlockEnabledHere } from "./unlock-flag.ts";

/** Where the unlock goes on to: the app page asked for, or the app's first page. */
const targetOf = (redirectTo: string | null): string => {
  const target = afterSignInPath(redirectTo);
  return target.startsWith(APP_PATHS.cards) ? target : APP_PATHS.cards;
};

/**
 * `/app/unlock` (issue 17): the employee app without a session on a phone where unlock with biometrics is on. The
 * phone's prompt signs the server's challenge and the session begins as after the passcode; the passcode sign-in
 * is one tap away.
 */
export function UnlockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = targetOf(params.get("redirectTo"));
  const unlock = useMutation({
    mutationFn: unlockWithBiometrics,
    onSuccess: () => navigate(target, { replace: true }),
  });
  if (!unlockEnabledHere()) return <Navigate to={authRedirectPath(target)} replace />;
  return (
    <Center mih="100dvh" p="md" data-testid="app-unlock">
      <Stack gap="lg" align="center" maw={360} w="100%">
        <IconFingerprint size={56} />
        <Title order={1} size="h3">
          {t("employeeApp.unlock.title")}
        </Title>
        <Text size="sm" ta="center">
          {t("employeeApp.unlock.intro")}
        </Text>
        {unlock.isError && <ApiErrorAlert error={unlock.error} testId="app-unlock-error" />}
        <Button
          fullWidth
          h={TOUCH_TARGET}
          leftSection={<IconFingerprint size={18} />}
          loading={unlock.isPending}
          onClick={() => unlock.mutate()}
          data-testid="app-unlock-button"
        >
          {t("employeeApp.unlock.button")}
        </Button>
        <Button
          fullWidth
          variant="subtle"
          h={TOUCH_TARGET}
          onClick={() => navigate(authRedirectPath(target), { replace: true })}
          data-testid="app-unlock-passcode-instead"
        >
          {t("employeeApp.unlock.usePasscode")}
        </Button>
      </Stack>
    </Center>
  );
}
