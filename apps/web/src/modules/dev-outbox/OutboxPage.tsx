import { Alert, Box, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { NotFoundPage } from "../../app/errors/NotFoundPage.tsx";
import { LanguageSwitch } from "../../app/i18n/LanguageSwitch.tsx";
import { FullPageLoading } from "../../app/states/FullPageLoading.tsx";
import { OutboxTable } from "./OutboxTable.tsx";
import { useDemoMode } from "./useDemoMode.ts";
import { useOutbox } from "./useOutbox.ts";

/** Spec 9: searches wait 300 ms after the last keystroke. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * `/dev/outbox`: the SMS and e-mails the demo sent, newest first, so someone trying the demo can read their
 * sign-in code. Outside demo mode this page does not exist.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const mode = useDemoMode();
  const [params, setParams] = useSearchParams();
  const to = params.get("to") ?? "";
  const [debouncedTo] = useDebouncedValue(to, FILTER_DEBOUNCE_MS);
  const outbox = useOutbox(debouncedTo, mode === "demo");

  if (mode === "unknown") return <FullPageLoading />;
  if (mode === "production") return <NotFoundPage />;

  const setTo = (value: string) => setParams(value === "" ? {} : { to: value }, { replace: true });

  return (
    <Box mih="100vh" bg="gray.0" data-testid="page-dev-outbox">
      <Container component="main" size="lg" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {t("devOutbox.title")}
              </Title>
              <Text c="dimmed">{t("devOutbox.intro")}</Text>
            </Stack>
            <LanguageSwitch size="xs" />
          </Group>
          <Group align="flex-end">
            <TextInput
              label={t("devOutbox.filter")}
              placeholder={t("devOutbox.filterPlaceholder")}
              leftSection={<IconSearch size={16} />}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="outbox-filter"
            />
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void outbox.refetch()}
              loading={outbox.isFetching}
              data-testid="outbox-refresh"
            >
              {t("devOutbox.refresh")}
            </Button>
          </Group>
          {outbox.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
          {outbox.isError && <ApiErrorAlert error={outbox.error} />}
          {outbox.isSuccess && outbox.data.length === 0 && (
            <Alert variant="light" data-testid="outbox-empty">
              {t("devOutbox.empty")}
            </Alert>
          )}
          {outbox.isSuccess && outbox.data.length > 0 && <OutboxTable messages={outbox.data} />}
        </Stack>
      </Container>
    </Box>
  );
}
