import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { acknowledgeAnnouncement, myAnnouncementsKey, openAnnouncements } from "./mobile.api.ts";
import { OFFLINE_FIRST } from "./offline.ts";

/**
 * Issue 17: the platform's announcements the employee has not acknowledged, at the top of their cards, each until
 * they tap "Got it" (the dashboard's banner, on the app's REST calls and with phone-sized buttons).
 */
export function AppAnnouncements() {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const key = myAnnouncementsKey(projectId);
  const open = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => openAnnouncements(signal),
    ...OFFLINE_FIRST,
  });
  const acknowledge = useMutation({
    mutationFn: acknowledgeAnnouncement,
    // Gone at once: the server keeps the acknowledgement, the list is asked again to agree with it.
    onSuccess: (_, id) => {
      queryClient.setQueryData<Awaited<ReturnType<typeof openAnnouncements>>>(key, (page) =>
        page ? { ...page, nodes: page.nodes.filter((item) => item.id !== id) } : page,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const items = open.data?.nodes ?? [];
  if (items.length === 0 && !acknowledge.isError) return null;
  return (
    <Stack gap="xs" data-testid="app-announcements">
      {acknowledge.isError && <ApiErrorAlert error={acknowledge.error} />}
      {items.map((item) => (
        <Alert
          key={item.id}
          color="blue"
          variant="light"
          icon={<IconSpeakerphone size={20} />}
          title={item.title}
          data-testid="app-announcement"
          data-id={item.id}
        >
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {item.body}
          </Text>
          <Group mt="xs" gap="sm">
            {item.url && (
              <Anchor
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                mih={TOUCH_TARGET}
                miw={TOUCH_TARGET}
                style={{ display: "inline-flex", alignItems: "center" }}
              >
                {t("announcements.readMore")}
              </Anchor>
            )}
            <Button
              variant="light"
              h={TOUCH_TARGET}
              loading={acknowledge.isPending && acknowledge.variables === item.id}
              onClick={() => acknowledge.mutate(item.id)}
              data-testid="app-announcement-ack"
            >
              {t("announcements.acknowledge")}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
