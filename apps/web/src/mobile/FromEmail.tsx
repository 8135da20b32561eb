import { Button, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../app/api/client.ts";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_ATTACH_RECEIPT_MUTATION, APP_RECEIPTS_INBOX_QUERY, APP_WAITING_RECEIPTS_QUERY } from "./mobile.graphql.ts";
import { FAIL_OFFLINE, OFFLINE_FIRST } from "./offline.ts";

/** How many of the person's e-mailed receipts are offered to attach. */
const WAITING_SHOWN = 10;

/**
 * Receipts by e-mail: the company's receipts address with a copy button, and the person's e-mailed receipts that
 * matched no purchase, each attachable to this one.
 */
export function FromEmail({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const inbox = useQuery({
    queryKey: ["employee-app", projectId, "receipts-inbox"],
    queryFn: async ({ signal }) => (await request(APP_RECEIPTS_INBOX_QUERY, {}, { signal })).receipts_inbox,
    ...OFFLINE_FIRST,
  });
  const waiting = useQuery({
    queryKey: ["employee-app", projectId, "waiting-receipts"],
    queryFn: async ({ signal }) =>
      (await request(APP_WAITING_RECEIPTS_QUERY, { first: WAITING_SHOWN }, { signal })).unmatched_receipts.nodes,
    ...OFFLINE_FIRST,
  });
  const attach = useMutation({
    ...FAIL_OFFLINE,
    mutationFn: (receiptId: string) =>
      request(APP_ATTACH_RECEIPT_MUTATION, { receipt_id: receiptId, transaction_id: transactionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["employee-app", projectId] }),
  });
  return (
    <Stack gap="xs" data-testid="app-from-email">
      {(waiting.data ?? []).map(({ receipt, sender_name }) => (
        <Group key={receipt.id} justify="space-between" wrap="nowrap" data-testid="app-waiting-receipt">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {receipt.file_name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {t("employeeApp.receipts.fromEmail", { sender: sender_name })}
            </Text>
          </Stack>
          <Button
            variant="light"
            h={TOUCH_TARGET}
            loading={attach.isPending && attach.variables === receipt.id}
            onClick={() => attach.mutate(receipt.id)}
            data-testid="app-attach-receipt"
          >
            {t("employeeApp.receipts.attach")}
          </Button>
        </Group>
      ))}
      {attach.isError && <ApiErrorAlert error={attach.error} testId="app-attach-error" />}
      {inbox.data && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t("employeeApp.receipts.address")}
            </Text>
            <Text size="sm" truncate data-testid="app-receipts-address">
              {inbox.data.address}
            </Text>
          </Stack>
          <CopyButton value={inbox.data.address}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                h={TOUCH_TARGET}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="app-copy-address"
              >
                {copied ? t("employeeApp.receipts.copied") : t("employeeApp.receipts.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}
