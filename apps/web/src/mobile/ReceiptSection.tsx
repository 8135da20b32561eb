import { Anchor, Button, Card, Progress, Stack, Text, Title } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { prepareReceipt } from "./downscale.ts";
import { FromEmail } from "./FromEmail.tsx";
import { transactionReceipts, uploadReceipt } from "./mobile.api.ts";
import { FAIL_OFFLINE, OFFLINE_FIRST } from "./offline.ts";

/**
 * The purchase's receipts, and a button that opens the camera (`capture`) or the files: the photo is downscaled
 * in the browser (downscale.ts) and uploaded with its progress shown.
 */
export function ReceiptSection({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const receiptsKey = ["employee-app", projectId, "transaction", transactionId, "receipts"] as const;
  const receipts = useQuery({
    queryKey: receiptsKey,
    queryFn: ({ signal }) => transactionReceipts(transactionId, signal),
    ...OFFLINE_FIRST,
  });
  const send = useMutation({
    ...FAIL_OFFLINE,
    mutationFn: async (file: File) => {
      setProgress(0);
      const prepared = await prepareReceipt(file);
      return uploadReceipt(transactionId, prepared.blob, prepared.name, setProgress);
    },
    onSettled: () => setProgress(null),
    // The receipt changes the purchase's to-do marks, in the list and on this page.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["employee-app", projectId] }),
  });
  return (
    <Card withBorder padding="md" data-testid="app-receipts">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("employeeApp.receipts.title")}
        </Title>
        {receipts.data?.nodes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("employeeApp.receipts.none")}
          </Text>
        )}
        {receipts.data?.nodes.map((receipt) => (
          <Anchor
            key={receipt.id}
            href={receipt.url ?? undefined}
            target="_blank"
            rel="noopener"
            size="sm"
            mih={TOUCH_TARGET}
            style={{ display: "flex", alignItems: "center" }}
            data-testid="app-receipt"
          >
            {receipt.file_name}
          </Anchor>
        ))}
        {progress !== null && (
          <Progress value={Math.round(progress * 100)} animated aria-label={t("employeeApp.receipts.uploading")} />
        )}
        {send.isError && <ApiErrorAlert error={send.error} testId="app-receipt-error" />}
        <input
          ref={input}
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          hidden
          data-testid="app-receipt-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) send.mutate(file);
          }}
        />
        <Button
          h={TOUCH_TARGET}
          leftSection={<IconCamera size={18} />}
          loading={send.isPending}
          onClick={() => input.current?.click()}
          data-testid="app-receipt-add"
        >
          {t("employeeApp.receipts.add")}
        </Button>
        <FromEmail transactionId={transactionId} />
      </Stack>
    </Card>
  );
}
