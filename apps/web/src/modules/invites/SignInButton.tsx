import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../../app/router/paths.ts";

/** On to sign-in: after joining, or for someone who is a member already. */
export function SignInButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={PATHS.auth} size="md" fullWidth data-testid="invite-sign-in">
      {t("invites.accept.signIn")}
    </Button>
  );
}
