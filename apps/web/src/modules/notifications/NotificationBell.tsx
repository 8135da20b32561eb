import { formatDate } from "@kort/core";
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { notificationTarget, notificationText } from "./notification-text.ts";
import type { NotificationItem } from "./notifications.graphql.ts";
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from "./useNotifications.ts";

type RowProps = { item: NotificationItem; onRead: (id: string) => void; onOpen: (path: string) => void };

/** A notice: a click marks it read and, when it is about something the dashboard shows, opens that. */
function NotificationRow({ item, onRead, onOpen }: RowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const text = notificationText(item.kind, item.payload, locale);
  const target = notificationTarget(item.kind, item.payload);
  const unread = item.read_at === null;
  return (
    <UnstyledButton
      onClick={() => {
        if (unread) onRead(item.id);
        if (target) onOpen(target);
      }}
      p="xs"
      data-testid="notification"
      data-unread={unread}
      data-target={target}
      style={{ borderRadius: 4, background: unread ? "var(--mantine-color-blue-0)" : undefined }}
    >
      <Text size="sm" fw={unread ? 600 : 400}>
        {t(`notifications.kinds.${text.key}`, text.values)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDate(new Date(item.created_at), locale)}
      </Text>
    </UnstyledButton>
  );
}

/**
 * Spec 2 and issue 16: the bell in the header, its unread badge, the list, mark one or all read; a notice about a
 * purchase, a team or a rule proposal opens it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const list = useNotificationList(opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const open = (path: string) => {
    setOpened(false);
    navigate(path);
  };
  const items = list.data?.pages.flatMap((page) => page.nodes) ?? [];

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md">
      {/* The popover's target is the button, which then says that it opens the list and whether it is open; the
          unread count is drawn over it and read as part of its name. */}
      <Indicator label={unread} size={16} disabled={unread === 0} data-testid="notification-count">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((open) => !open)}
            aria-label={t("notifications.bell", { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown data-testid="notification-list">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t("notifications.title")}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined)}
          >
            {t("notifications.markAllRead")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          <Stack gap={4}>
            {list.isLoading && <Text size="sm">{t("states.loading")}</Text>}
            {!list.isLoading && items.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("notifications.empty")}
              </Text>
            )}
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onRead={(id) => markRead.mutate([id])} onOpen={open} />
            ))}
            {list.hasNextPage && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={list.isFetchingNextPage}
                onClick={() => list.fetchNextPage()}
              >
                {t("notifications.more")}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
