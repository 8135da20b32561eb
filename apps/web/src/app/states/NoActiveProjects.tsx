import { Button, Text } from "@mantine/core";
import { IconBuildingOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLogInAgain } from "../session/useLogInAgain.ts";
import { FullPage } from "./FullPage.tsx";
import { SupportLink } from "./SupportLink.tsx";

/** Spec 2: the user belongs to no active project; a log-in button and the support contact. */
export function NoActiveProjects() {
  const { t } = useTranslation();
  const logInAgain = useLogInAgain();
  return (
    <FullPage title={t("states.noProjects.title")} testId="state-no-projects" icon={<IconBuildingOff size={40} />}>
      <Text c="dimmed">{t("states.noProjects.body")}</Text>
      <Button onClick={logInAgain}>{t("states.noProjects.login")}</Button>
      <SupportLink />
    </FullPage>
  );
}
