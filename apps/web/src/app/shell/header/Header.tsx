import { ActionIcon, Group, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { HeaderChecklist } from "../../../modules/checklist/HeaderChecklist.tsx";
import { NotificationBell } from "../../../modules/notifications/NotificationBell.tsx";
import { SupportButton } from "../../../modules/support/SupportButton.tsx";
import { usePageSubtitle } from "./page-subtitle.ts";
import { backTarget, routeTitle } from "./route-title.ts";

/** React Router numbers its history entries; index 0 is where this tab entered the app. */
const hasHistory = (): boolean => {
  const state: unknown = window.history.state;
  const idx = typeof state === "object" && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === "number" && idx > 0;
};

/** Spec 2: the page title from the path, a sub-title after a slash on nested paths, back control on teams pages. */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const route = routeTitle(pathname);
  const { titleKey, withBack } = route;
  const subtitle = usePageSubtitle() ?? route.subtitle;
  const title = titleKey ? t(titleKey) : t("app.name");
  useDocumentTitle(titleKey ? `${title} · ${t("app.name")}` : t("app.name"));

  const goBack = () => {
    const target = backTarget(pathname, hasHistory());
    if (target === -1) navigate(-1);
    else navigate(target);
  };

  return (
    <Group
      component="header"
      h={64}
      gap="sm"
      wrap="nowrap"
      style={{
        borderBottom: "1px solid var(--mantine-color-gray-3)",
        flexShrink: 0,
        paddingInline: "var(--kort-gutter)",
      }}
    >
      {withBack && (
        <ActionIcon variant="subtle" color="gray" onClick={goBack} aria-label={t("header.back")} data-testid="back">
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      <Title order={1} size="h3" data-testid="page-title" style={{ minWidth: 0 }} lineClamp={1}>
        {title}
        {subtitle && (
          <Text span inherit c="dimmed" fw={500} data-testid="page-subtitle">
            {" / "}
            {subtitle}
          </Text>
        )}
      </Title>
      <Group ml="auto" gap="xs" wrap="nowrap">
        <HeaderChecklist />
        <SupportButton />
        <NotificationBell />
      </Group>
    </Group>
  );
}
