import { Box, Button, Text } from "@mantine/core";
import { IconDeviceMobile, IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { APP_PATHS } from "../../mobile/app-paths.ts";
import { MobileAppDownload } from "../mobile-app/MobileAppDownload.tsx";
import type { Project } from "../session/selected-project.ts";
import { useSignOut } from "../session/useSignOut.ts";
import { ProjectSwitcher } from "../shell/project/ProjectSwitcher.tsx";
import { FullPage } from "./FullPage.tsx";

/**
 * Spec 1 and 8: an employee (role `user`) signed in to the dashboard, which is for admins; the app is for them.
 * Someone who is an admin of another of their companies can switch to it.
 */
export function NotAdminUser({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const { signOut, signingOut } = useSignOut();
  return (
    <FullPage title={t("errors.NOT_ADMIN_USER")} testId="state-not-admin" icon={<IconDeviceMobile size={40} />}>
      <Text c="dimmed">{t("states.notAdmin.body")}</Text>
      <Button component={Link} to={APP_PATHS.cards} size="md" data-testid="not-admin-open-app">
        {t("states.notAdmin.openApp")}
      </Button>
      <MobileAppDownload />
      {projects.length > 1 && (
        <Box w={280} ta="left" data-testid="not-admin-projects">
          <ProjectSwitcher projects={projects} collapsed={false} />
        </Box>
      )}
      <Button
        variant="light"
        leftSection={<IconLogout size={16} />}
        onClick={signOut}
        loading={signingOut}
        data-testid="not-admin-sign-out"
      >
        {t("user.signOut")}
      </Button>
    </FullPage>
  );
}
