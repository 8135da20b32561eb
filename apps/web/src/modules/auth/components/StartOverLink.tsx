import { Anchor, Center } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS } from "../../../app/router/paths.ts";
import { useAuthSearch } from "./useAuthSearch.ts";

/** Back to the e-mail step, keeping where the visitor was headed. */
export function StartOverLink() {
  const { t } = useTranslation();
  const search = useAuthSearch();
  return (
    <Center>
      <Anchor component={Link} to={`${PATHS.auth}${search}`} size="sm" data-testid="auth-start-over">
        {t("auth.backToStart")}
      </Anchor>
    </Center>
  );
}
