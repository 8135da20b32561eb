import { formatDate, formatMoney } from "@kort/core";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { ReceiptThumb } from "./ReceiptsSection.tsx";
import type { Receipt } from "./receipts.graphql.ts";
import { useReceiptDecision, useReceiptsInbox, useSuggestedReceipts, useWaitingReceipts } from "./useReceiptInbox.ts";

/**
 * In the transaction panel, for whoever manages its receipts (issue 12): e-mailed receipts the matcher suggested for
 * this purchase (attach, or "not this one" for good), the cardholder's other waiting receipts (attach), and the
 * company's receipts address, so a person knows where to send the next one.
 */
export function WaitingReceiptsSection({
  transactionId,
  cardholderId,
  editable,
}: {
  transactionId: string;
  cardholderId: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const inbox = useReceiptsInbox();
  const suggested = useSuggestedReceipts(transactionId, editable);
  const waiting = useWaitingReceipts({ userId: cardholderId, enabled: editable });
  const attach = useReceiptDecision("attach");
  const reject = useReceiptDecision("reject");
  const suggestedIds = new Set((suggested.data ?? []).map((receipt) => receipt.id));
  const others = (waiting.data?.nodes ?? []).map((node) => node.receipt).filter((r) => !suggestedIds.has(r.id));

  const row = (receipt: Receipt, isSuggestion: boolean) => (
    <Group
      key={receipt.id}
      gap="sm"
      wrap="nowrap"
      data-testid={isSuggestion ? "suggested-receipt" : "waiting-receipt"}
      data-name={receipt.file_name}
    >
      <ReceiptThumb receipt={receipt} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate>
          {receipt.file_name}
        </Text>
        {isSuggestion && (
          <Badge size="xs" variant="light" color="yellow">
            {t("expenses.inbox.suggested")}
          </Badge>
        )}
      </Stack>
      <Button
        size="compact-xs"
        variant="light"
        loading={attach.isPending}
        onClick={() => attach.mutate({ receiptId: receipt.id, transactionId, name: receipt.file_name })}
        data-testid="receipt-attach"
      >
        {t("expenses.inbox.attach")}
      </Button>
      {isSuggestion && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          loading={reject.isPending}
          onClick={() => reject.mutate({ receiptId: receipt.id, transactionId, name: receipt.file_name })}
          data-testid="receipt-reject"
        >
          {t("expenses.inbox.reject")}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="xs" data-testid="panel-waiting-receipts">
      {editable && (suggested.data?.length ?? 0) + others.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            {t("expenses.inbox.waitingTitle")}
          </Text>
          {suggested.data?.map((receipt) => row(receipt, true))}
          {others.map((receipt) => row(receipt, false))}
        </>
      )}
      {inbox.data && (
        <Text size="xs" c="dimmed" data-testid="receipts-address">
          {t("expenses.inbox.sendTo", { address: inbox.data.address })}
        </Text>
      )}
    </Stack>
  );
}

/** The receipts address and every waiting receipt the caller may see, each with its suggestions (the page's drawer). */
export function ReceiptsInboxList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const inbox = useReceiptsInbox();
  const waiting = useWaitingReceipts();
  const attach = useReceiptDecision("attach");
  const reject = useReceiptDecision("reject");
  return (
    <Stack gap="md" data-testid="receipts-inbox">
      {inbox.data && (
        <Text size="sm" data-testid="receipts-inbox-address">
          {t("expenses.inbox.sendTo", { address: inbox.data.address })}
        </Text>
      )}
      {waiting.data?.nodes.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("expenses.inbox.empty")}
        </Text>
      )}
      {waiting.data?.nodes.map(({ receipt, sender_name, suggestions }) => (
        <Stack key={receipt.id} gap={4} data-testid="inbox-receipt" data-name={receipt.file_name}>
          <Group gap="sm" wrap="nowrap">
            <ReceiptThumb receipt={receipt} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {receipt.file_name}
              </Text>
              <Text size="xs" c="dimmed">
                {t("expenses.inbox.from", {
                  name: sender_name,
                  date: formatDate(new Date(receipt.created_at), locale),
                })}
              </Text>
            </Stack>
          </Group>
          {suggestions.length === 0 && (
            <Text size="xs" c="dimmed">
              {t("expenses.inbox.noSuggestion")}
            </Text>
          )}
          {suggestions.map((suggestion) => (
            <Group key={suggestion.transaction_id} gap="xs" wrap="nowrap" pl={52} data-testid="inbox-suggestion">
              <Text size="xs" style={{ flex: 1, minWidth: 0 }} truncate>
                {suggestion.merchant} · {formatDate(new Date(suggestion.transaction_date), locale)} ·{" "}
                {formatMoney(suggestion.amount, { locale, currency: "ISK" })}
                {suggestion.card_last_four ? ` · •${suggestion.card_last_four}` : ""}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() =>
                  attach.mutate({
                    receiptId: receipt.id,
                    transactionId: suggestion.transaction_id,
                    name: receipt.file_name,
                  })
                }
              >
                {t("expenses.inbox.attach")}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() =>
                  reject.mutate({
                    receiptId: receipt.id,
                    transactionId: suggestion.transaction_id,
                    name: receipt.file_name,
                  })
                }
              >
                {t("expenses.inbox.reject")}
              </Button>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
