import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Group,
  AppShell as MantineAppShell,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconBell, IconCreditCard, IconLogout, IconReceipt, IconUserCircle, IconWifiOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { toApiError } from "../app/api/api-error.ts";
import { LanguageSwitch } from "../app/i18n/LanguageSwitch.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { useProjects } from "../app/session/useProjects.ts";
import { useSessionKeepAlive } from "../app/session/useSessionKeepAlive.ts";
import { useSignOut } from "../app/session/useSignOut.ts";
import { FullPageError } from "../app/states/FullPageError.tsx";
import { FullPageLoading } from "../app/states/FullPageLoading.tsx";
import { NoActiveProjects } from "../app/states/NoActiveProjects.tsx";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { registerDevice } from "./device.ts";
import { unreadCount, unreadKey } from "./mobile.api.ts";
import { clearAppData, linkManifest, registerAppWorker } from "./offline.ts";

/** The section the person is in reads in the primary colour (NavLink's active state). */
const NAV_LINK = ({ isActive }: { isActive: boolean }) => ({
  flex: 1,
  textDecoration: "none",
  color: isActive ? "var(--mantine-primary-color-filled)" : "inherit",
});

/**
 * One section of the bottom bar: its icon (and a count beside it) over a short label, in an equal share of the bar, so
 * the three fit on the narrowest phone in either language. The link is named by its visible label, then by `hint`
 * (read, not shown): the badge's number alone would be read before the label, without saying what it counts.
 */
const NavItem = ({
  icon,
  label,
  badge,
  hint,
}: {
  icon: ReactNode;
  label: string;
  badge?: ReactNode;
  hint?: string;
}) => (
  <Stack gap={2} align="center" justify="center" mih={TOUCH_TARGET} miw={TOUCH_TARGET} px={4}>
    <Group gap={4} wrap="nowrap" aria-hidden>
      {icon}
      {badge}
    </Group>
    <Text size="xs" ta="center" lh={1.2}>
      {label}
      {hint && <VisuallyHidden>, {hint}</VisuallyHidden>}
    </Text>
  </Stack>
);

/**
 * The employee app's frame at `/app` (issue 17): a phone-width column with the title, the language and sign-out
 * in the header and the sections in a bottom bar, each a touch target of at least 44 px. It loads none of the
 * dashboard (its own lazy route tree and text group), and every call it makes is on the caller's own objects.
 */
export function AppShell() {
  useSessionKeepAlive();
  const { t } = useTranslation();
  const projects = useProjects();
  const projectId = useSelectedProjectId();
  const { signOut, signingOut } = useSignOut();
  const { online } = useNetwork();
  // The unread count on the bottom bar, asked again every minute while the app is open (as the dashboard's bell).
  const unread = useQuery({
    queryKey: unreadKey(projectId),
    queryFn: ({ signal }) => unreadCount(signal),
    enabled: projectId !== null && online,
    refetchInterval: 60_000,
  });
  useEffect(() => {
    registerAppWorker();
    return linkManifest();
  }, []);
  useEffect(() => {
    if (online) registerDevice();
  }, [online]);
  // The browser's flag is not enough (a network that is up but reaches nothing): the companies' question failing
  // for the network says offline too.
  const unreachable = projects.isError && toApiError(projects.error).code === "NETWORK_ERROR";
  const offline = !online || unreachable;
  // Offline, the companies cannot be asked (a GraphQL POST): the app opens on the company chosen before.
  const offlineWithProject = offline && projectId !== null;
  if (!offlineWithProject) {
    if (projects.isError) return <FullPageError error={toApiError(projects.error)} />;
    if (projects.isPending) return <FullPageLoading />;
    if (projects.data.active.length === 0 || projectId === null) {
      return <NoActiveProjects rejected={projects.data.rejected} />;
    }
  }
  return (
    <MantineAppShell header={{ height: 56 }} footer={{ height: 64 }} padding="sm" data-testid="employee-app">
      <MantineAppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Title order={1} size="h4">
            {t("app.name")}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <Box className="app-language-switch">
              <LanguageSwitch size="sm" />
            </Box>
            <ActionIcon
              component={NavLink}
              to={APP_PATHS.account}
              variant="subtle"
              size={TOUCH_TARGET}
              aria-label={t("employeeApp.account.title")}
              data-testid="app-account"
            >
              <IconUserCircle size={22} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size={TOUCH_TARGET}
              onClick={() => void clearAppData().finally(signOut)}
              loading={signingOut}
              aria-label={t("user.signOut")}
              data-testid="app-sign-out"
            >
              <IconLogout size={22} />
            </ActionIcon>
          </Group>
        </Group>
      </MantineAppShell.Header>
      <MantineAppShell.Main maw={640} mx="auto">
        {offline && (
          <Alert color="gray" variant="filled" mb="sm" icon={<IconWifiOff size={18} />} data-testid="app-offline">
            {t("employeeApp.offline")}
          </Alert>
        )}
        <Outlet key={projectId} />
      </MantineAppShell.Main>
      <MantineAppShell.Footer>
        <Group h="100%" gap={0} wrap="nowrap" component="nav" aria-label={t("employeeApp.nav.label")}>
          <NavLink to={APP_PATHS.cards} end style={NAV_LINK} data-testid="app-nav-cards">
            <NavItem icon={<IconCreditCard size={22} />} label={t("employeeApp.nav.cards")} />
          </NavLink>
          <NavLink to={APP_PATHS.transactions} style={NAV_LINK} data-testid="app-nav-transactions">
            <NavItem icon={<IconReceipt size={22} />} label={t("employeeApp.nav.transactions")} />
          </NavLink>
          <NavLink to={APP_PATHS.notifications} style={NAV_LINK} data-testid="app-nav-notifications">
            <NavItem
              icon={<IconBell size={22} />}
              label={t("employeeApp.nav.notifications")}
              hint={(unread.data ?? 0) > 0 ? t("employeeApp.nav.unread", { count: unread.data ?? 0 }) : undefined}
              badge={
                (unread.data ?? 0) > 0 && (
                  <Badge size="sm" color="red" circle data-testid="app-nav-unread">
                    {unread.data}
                  </Badge>
                )
              }
            />
          </NavLink>
        </Group>
      </MantineAppShell.Footer>
    </MantineAppShell>
  );
}
