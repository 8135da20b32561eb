import { Button, Text } from "@mantine/core";
import { IconBuildingOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Project } from "../session/selected-project.ts";
import { useLogInAgain } from "../session/useLogInAgain.ts";
import { FullPage } from "./FullPage.tsx";
import { SupportLink } from "./SupportLink.tsx";

/**
 * Spec 2: the user belongs to no active project; a log-in button and the support contact. A company whose
 * registration the platform declined (issue 9) is named, so its people know why.
 */
export function NoActiveProjects({ rejected = [] }: { rejected?: readonly Project[] }) {
  const { t } = useTranslation();
  const logInAgain = useLogInAgain();
  return (
    <FullPage title={t("states.noProjects.title")} testId="state-no-projects" icon={<IconBuildingOff size={40} />}>
      {rejected.map((project) => (
        <Text key={project.id} data-testid="project-rejected">
          {t("states.noProjects.rejected", { title: project.title })}
        </Text>
      ))}
      <Text c="dimmed">{t("states.noProjects.body")}</Text>
      <Button onClick={logInAgain}>{t("states.noProjects.login")}</Button>
      <SupportLink />
    </FullPage>
  );
}
