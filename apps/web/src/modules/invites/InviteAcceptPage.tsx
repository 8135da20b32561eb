import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PATHS } from "../../app/router/paths.ts";

/** `/invites/accept?id=…&token=…`: the landing page of an invitation e-mail; accepting comes with sign-up. */
export function InviteAcceptPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const complete = Boolean(params.get("id") && params.get("token"));
  return (
    <Stack gap="md" data-testid="page-invite-accept">
      <Title order={1} size="h2">
        {t("public.invite.title")}
      </Title>
      <Text c="dimmed">{t("public.invite.body")}</Text>
      {!complete && (
        <Alert color="yellow" variant="light">
          {t("public.invite.missing")}
        </Alert>
      )}
      <Button component={Link} to={PATHS.auth} size="md" disabled={!complete}>
        {t("public.invite.continue")}
      </Button>
    </Stack>
  );
}
