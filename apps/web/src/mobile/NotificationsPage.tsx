import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconBell, IconChecks } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useLocale } from "../app/i18n/useLocale.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { notificationText } from "../modules/notifications/notification-text.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import {
  type AppNotification,
  markAllNotificationsRead,
  markNotificationsRead,
  myNotifications,
  notificationsKey,
  unreadCount,
  unreadKey,
} from "./mobile.api.ts";
import { notificationLink } from "./notification-link.ts";
import { FAIL_OFFLINE } from "./offline.ts";
import { type PushState, pushState, turnOnPush } from "./push.ts";
import { useCursorList } from "./useCursorList.ts";
import { useShortDate } from "./useShortDate.ts";

/** Web Push for this phone: its state, and the button that asks the person and subscribes. */
function PushControl() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ["employee-app", "push-state"], queryFn: pushState });
  const turnOn = useMutation({
    mutationFn: turnOnPush,
    ...FAIL_OFFLINE,
    onSuccess: (next: PushState) => queryClient.setQueryData(["employee-app", "push-state"], next),
  });
  if (state.data === undefined || state.data === "unsupported") return null;
  if (state.data === "on") {
    return (
      <Text size="sm" c="dimmed" data-testid="app-push-on">
        {t("employeeApp.notifications.push.on")}
      </Text>
    );
  }
  if (state.data === "blocked") {
    return (
      <Alert variant="light" color="gray" data-testid="app-push-blocked">
        <Text size="sm">{t("employeeApp.notifications.push.blocked")}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        h={TOUCH_TARGET}
        leftSection={<IconBell size={18} />}
        loading={turnOn.isPending}
        onClick={() => turnOn.mutate()}
        data-testid="app-push-enable"
      >
        {t("employeeApp.notifications.push.enable")}
      </Button>
      {turnOn.isError && <ApiErrorAlert error={turnOn.error} testId="app-push-error" />}
    </Stack>
  );
}

/**
 * `/app/notifications` (issue 17): the person's notices in this company, newest first, unread ones marked; a tap
 * marks the notice read and opens what it is about (a reminder opens its purchase).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = useShortDate();
  const navigate = useNavigate();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const { list, rows, end } = useCursorList(notificationsKey(projectId), myNotifications);
  // The same count as the bottom bar's badge: one query, so both change together.
  const unreadQuery = useQuery({ queryKey: unreadKey(projectId), queryFn: ({ signal }) => unreadCount(signal) });
  const unread = unreadQuery.data ?? 0;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationsKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: unreadKey(projectId) }),
    ]);
  const markRead = useMutation({ mutationFn: markNotificationsRead, ...FAIL_OFFLINE, onSuccess: refresh });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, ...FAIL_OFFLINE, onSuccess: refresh });
  const open = (notice: AppNotification) => {
    if (notice.read_at === null) markRead.mutate([notice.id]);
    const link = notificationLink(notice.kind, notice.payload);
    if (link) void navigate(link);
  };
  return (
    <Stack gap="sm" data-testid="app-notifications">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t("employeeApp.notifications.title")}
        </Title>
        {unread > 0 && (
          <Badge color="red" data-testid="app-notifications-unread">
            {t("employeeApp.notifications.unread", { count: unread })}
          </Badge>
        )}
      </Group>
      <PushControl />
      {list.isPending && <Loader aria-label={t("employeeApp.loading")} />}
      {list.isError && <ApiErrorAlert error={list.error} />}
      {list.data && rows.length === 0 && (
        <Alert variant="light">
          <Text size="sm">{t("employeeApp.notifications.empty")}</Text>
        </Alert>
      )}
      {unread > 0 && (
        <Button
          variant="subtle"
          h={TOUCH_TARGET}
          leftSection={<IconChecks size={18} />}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="app-notifications-read-all"
        >
          {t("employeeApp.notifications.markAllRead")}
        </Button>
      )}
      {rows.map((notice) => {
        const text = notificationText(notice.kind, notice.payload, locale);
        return (
          <Card
            key={notice.id}
            component="button"
            type="button"
            onClick={() => open(notice)}
            withBorder
            padding="sm"
            mih={TOUCH_TARGET}
            style={{ textAlign: "left", cursor: "pointer", width: "100%" }}
            data-testid="app-notification"
            data-kind={notice.kind}
            data-unread={notice.read_at === null}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={notice.read_at === null ? 700 : 400}>
                {t(`employeeApp.notifications.kinds.${text.key}`, text.values)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {date(notice.created_at)}
              </Text>
            </Group>
          </Card>
        );
      })}
      <div ref={end} />
      {list.isFetchingNextPage && <Loader size="sm" />}
    </Stack>
  );
}
