import { RECEIPT_ACCEPT } from "@kort/core";
import { ActionIcon, Button, Group, Image, Loader, Modal, Paper, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconFile, IconFileTypePdf, IconTrash, IconUpload } from "@tabler/icons-react";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { showFailure } from "../../app/api/toasted-mutation.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { ReceiptReading } from "./ReceiptReading.tsx";
import { formatFileSize, isPreviewableImage } from "./receipt-files.ts";
import { matchReason } from "./receipt-match.ts";
import type { Receipt } from "./receipts.graphql.ts";
import { useFreshReceipt, useReceipts, useRemoveReceipt, useUploadReceipt } from "./useReceipts.ts";

/**
 * The transaction's receipts (spec 2): a drop zone and a file picker (JPEG, PNG, HEIC, PDF), the list with a
 * thumbnail or a file icon, opening through fresh signed links, and remove after a confirmation. Read-only without
 * `transaction manage-receipts`.
 */
export function ReceiptsSection({ transactionId, editable }: { transactionId: string; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receipts = useReceipts(transactionId);
  const uploadReceipt = useUploadReceipt(transactionId);
  const removeReceipt = useRemoveReceipt();
  const fresh = useFreshReceipt(transactionId);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<{ name: string; src: string } | null>(null);
  const [removing, setRemoving] = useState<Receipt | null>(null);

  const send = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) uploadReceipt.mutate(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (editable) send(event.dataTransfer.files);
  };
  const open = async (receipt: Receipt) => {
    const image = isPreviewableImage(receipt.file_type) || receipt.thumbnail_url !== null;
    // A tab opened now, before any wait, is not taken for a pop-up.
    const tab = image ? null : window.open("", "_blank");
    try {
      const current = await fresh(receipt);
      if (current === null) {
        tab?.close();
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = new URL(current.url, window.location.href).href;
        return;
      }
      const src = isPreviewableImage(current.file_type) ? current.url : (current.thumbnail_url ?? current.url);
      setPreview({ name: current.file_name, src });
    } catch (error) {
      tab?.close();
      const { code } = toApiError(error);
      showFailure(t("expenses.receipts.errors.open", { reason: t(errorKey(code)) }), code);
    }
  };

  return (
    <Stack gap="xs" data-testid="panel-receipts">
      <Text size="sm" fw={500}>
        {t("expenses.receipts.title")}
      </Text>
      {editable && (
        <Paper
          withBorder
          p="md"
          style={{
            borderStyle: "dashed",
            background: dragging ? "var(--mantine-color-blue-light)" : undefined,
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="receipt-dropzone"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t("expenses.receipts.drop")}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={uploadReceipt.isPending}
              onClick={() => input.current?.click()}
              data-testid="receipt-pick"
            >
              {t("expenses.receipts.pick")}
            </Button>
          </Group>
          <input
            ref={input}
            type="file"
            accept={RECEIPT_ACCEPT}
            multiple
            hidden
            onChange={(event) => {
              send(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
            data-testid="receipt-input"
          />
        </Paper>
      )}
      {receipts.isPending && <Loader size="xs" aria-label={t("states.loading")} />}
      {receipts.isError && (
        <Text size="sm" c="red" role="alert">
          {t("expenses.receipts.errors.fetch", { reason: t(errorKey(toApiError(receipts.error).code)) })}
        </Text>
      )}
      {receipts.data && receipts.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="receipts-empty">
          {t("expenses.receipts.none")}
        </Text>
      )}
      {receipts.data?.map((receipt) => (
        <Group key={receipt.id} gap="sm" wrap="nowrap" data-testid="receipt" data-name={receipt.file_name}>
          <ReceiptThumb receipt={receipt} />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" truncate>
              {receipt.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(receipt.file_size, locale)}
            </Text>
            {receipt.matched_by && (
              <Text size="xs" c="teal" data-testid="receipt-match-reason">
                {t("expenses.receipts.matchedBy", matchReason(receipt.matched_by, locale))}
              </Text>
            )}
            <ReceiptReading receipt={receipt} transactionId={transactionId} editable={editable} />
          </Stack>
          <ActionIcon
            variant="subtle"
            aria-label={t("expenses.receipts.open", { name: receipt.file_name })}
            onClick={() => void open(receipt)}
            data-testid="receipt-open"
          >
            <IconExternalLink size={16} />
          </ActionIcon>
          {editable && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("expenses.receipts.remove", { name: receipt.file_name })}
              onClick={() => setRemoving(receipt)}
              data-testid="receipt-remove"
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={preview?.name} size="lg">
        {preview && <Image src={preview.src} alt={preview.name} data-testid="receipt-preview" />}
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t("expenses.receipts.removeTitle")}>
        <Stack gap="md">
          <Text size="sm">{t("expenses.receipts.removeBody", { name: removing?.file_name ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t("expenses.receipts.cancel")}
            </Button>
            <Button
              color="red"
              loading={removeReceipt.isPending}
              onClick={() => removing && removeReceipt.mutate(removing, { onSettled: () => setRemoving(null) })}
              data-testid="receipt-remove-confirm"
            >
              {t("expenses.receipts.removeConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A receipt's thumbnail, or an icon of its kind when it has none (a PDF, a HEIC). */
export function ReceiptThumb({ receipt }: { receipt: Pick<Receipt, "thumbnail_url" | "file_type"> }) {
  if (receipt.thumbnail_url) return <Image src={receipt.thumbnail_url} alt="" w={40} h={40} fit="cover" radius="sm" />;
  if (receipt.file_type === "application/pdf") return <IconFileTypePdf size={40} stroke={1.2} aria-hidden />;
  return <IconFile size={40} stroke={1.2} aria-hidden />;
}
