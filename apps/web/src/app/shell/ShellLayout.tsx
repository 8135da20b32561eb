import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { AnnouncementBanner } from "../../modules/announcements/AnnouncementBanner.tsx";
import type { Project } from "../session/selected-project.ts";
import type { Me } from "../session/session.graphql.ts";
import { ApprovalNotice } from "./ApprovalNotice.tsx";
import { Header } from "./header/Header.tsx";
import { SideMenu } from "./menu/SideMenu.tsx";
import { useMenuState } from "./menu/useMenuState.ts";

/** The signed-in frame: menu on the left, header and page on the right. */
export function ShellLayout({ projects, me }: { projects: readonly Project[]; me: Me }) {
  const { collapsed, toggle } = useMenuState();
  return (
    <Box display="flex" mih="100vh" data-testid="shell">
      <SideMenu collapsed={collapsed} onToggle={toggle} projects={projects} me={me} />
      <Box style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Header />
        <ApprovalNotice projects={projects} />
        <AnnouncementBanner />
        <Box component="main" p="xl" style={{ flex: 1 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
