import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconMailOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { PATHS } from "../../app/router/paths.ts";
import { readAliasLink, useVerifyAlias } from "./useEmailAddresses.ts";

/** `/email-addresses/verify`: the link in an alias's verification e-mail lands here and verifies it. */
export function AliasVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = readAliasLink(params);
  const verify = useVerifyAlias(link);
  if (link && verify.isPending) {
    return (
      <Center py="xl" data-testid="page-alias-verify" data-state="verifying">
        <Loader aria-label={t("states.loading")} />
      </Center>
    );
  }
  const ok = verify.isSuccess;
  return (
    <Stack gap="md" align="flex-start" data-testid="page-alias-verify" data-state={ok ? "verified" : "error"}>
      {ok ? <IconCircleCheck size={40} stroke={1.5} /> : <IconMailOff size={40} stroke={1.5} />}
      <Title order={1} size="h2">
        {ok ? t("public.aliasVerify.verified") : t("public.aliasVerify.failed")}
      </Title>
      <Text c="dimmed">
        {ok
          ? t("public.aliasVerify.verifiedBody", { email: verify.data.email })
          : verify.error
            ? t(errorKey(toApiError(verify.error).code))
            : t("public.aliasVerify.incomplete")}
      </Text>
      <Button component={Link} to={PATHS.personalSettings} variant="light" size="md">
        {t("public.aliasVerify.toSettings")}
      </Button>
    </Stack>
  );
}
