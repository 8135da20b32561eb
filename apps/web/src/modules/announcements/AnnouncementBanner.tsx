import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { ACKNOWLEDGE_ANNOUNCEMENT_MUTATION, OPEN_ANNOUNCEMENTS_QUERY } from "./announcements.graphql.ts";

const KEY = ["announcements", "open"];

/** Issue 16: the platform's announcements the person has not acknowledged, above the page, each until they say OK. */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await request(OPEN_ANNOUNCEMENTS_QUERY, {}, { signal })).announcements.nodes,
    staleTime: 5 * 60_000,
  });
  const acknowledge = useMutation({
    mutationFn: (id: string) => request(ACKNOWLEDGE_ANNOUNCEMENT_MUTATION, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const items = open.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" mx="xl" mt="md">
      {items.map((item) => (
        <Alert
          key={item.id}
          color="blue"
          variant="light"
          icon={<IconSpeakerphone size={20} />}
          title={item.title}
          data-testid="announcement"
        >
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {item.body}
          </Text>
          <Group mt="xs" gap="sm">
            {item.url && (
              <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
                {t("announcements.readMore")}
              </Anchor>
            )}
            <Button
              size="compact-sm"
              variant="light"
              loading={acknowledge.isPending && acknowledge.variables === item.id}
              onClick={() => acknowledge.mutate(item.id)}
            >
              {t("announcements.acknowledge")}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
