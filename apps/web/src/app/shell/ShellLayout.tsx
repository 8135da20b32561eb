import { Box } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { AnnouncementBanner } from "../../modules/announcements/AnnouncementBanner.tsx";
import { SKIP_TARGET_PROPS, SkipLink } from "../../ui/skip-link/SkipLink.tsx";
import type { Project } from "../session/selected-project.ts";
import type { Me } from "../session/session.graphql.ts";
import { ApprovalNotice } from "./ApprovalNotice.tsx";
import { Header } from "./header/Header.tsx";
import { SideMenu } from "./menu/SideMenu.tsx";
import { useMenuState } from "./menu/useMenuState.ts";

const MAIN_ID = "main-content";

/** The signed-in frame: a skip link, the menu on the left, header and page on the right. */
export function ShellLayout({ projects, me }: { projects: readonly Project[]; me: Me }) {
  const { t } = useTranslation();
  const { collapsed, toggle } = useMenuState();
  return (
    <Box display="flex" mih="100vh" data-testid="shell">
      <SkipLink target={MAIN_ID}>{t("header.skipToContent")}</SkipLink>
      <SideMenu collapsed={collapsed} onToggle={toggle} projects={projects} me={me} />
      <Box style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Header />
        <ApprovalNotice projects={projects} />
        <AnnouncementBanner />
        <Box component="main" id={MAIN_ID} {...SKIP_TARGET_PROPS} style={{ flex: 1, padding: "var(--kort-gutter)" }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
