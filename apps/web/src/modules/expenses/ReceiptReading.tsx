import { formatDate, formatMoney, type Locale, parseIsoDate } from "@kort/core";
import { Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import type { Receipt } from "./receipts.graphql.ts";
import { useBulkSet } from "./useReceipts.ts";

type Reading = NonNullable<Receipt["reading"]>;

/** 2400 basis points as "24", 550 as "5,5" in Icelandic: a rate for people to read, not an amount. */
const rateText = (basisPoints: number, locale: Locale) => {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return `${whole}${locale === "is-IS" ? "," : "."}${String(rest).padStart(2, "0").replace(/0$/, "")}`;
};

/** "4.590 kr., 21.11.2026, VSK 24% 888 kr.": what was read, in the reader's language. */
const fieldsText = (reading: Reading, locale: Locale, vatText: (rate: string, amount: string) => string) => {
  const day = reading.date ? parseIsoDate(reading.date) : null;
  return [
    reading.total !== null ? formatMoney(reading.total, { locale, currency: "ISK" }) : null,
    day ? formatDate(day, locale) : null,
    ...reading.vat.map((vat) =>
      vatText(rateText(vat.rate_basis_points, locale), formatMoney(vat.amount, { locale, currency: "ISK" })),
    ),
  ]
    .filter((part) => part !== null)
    .join(", ");
};

/**
 * What Kort read from a receipt (issue 18): waiting, unread, or the total, date and VSK lines, with a warning where
 * they disagree with the transaction and the tax category of the VSK rate to set in one click (the user confirms).
 */
export function ReceiptReading({
  receipt,
  transactionId,
  editable,
}: {
  receipt: Receipt;
  transactionId: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setTax = useBulkSet("taxCategory");
  const { reading } = receipt;
  if (reading === null) {
    return (
      <Text size="xs" c="dimmed" data-testid="receipt-reading-pending">
        {t("expenses.receipts.reading.pending")}
      </Text>
    );
  }
  if (reading.status === "unread") {
    return (
      <Text size="xs" c="dimmed" data-testid="receipt-reading-unread">
        {t("expenses.receipts.reading.unread")}
      </Text>
    );
  }
  const proposed = reading.proposed_tax_category;
  return (
    <>
      <Text size="xs" data-testid="receipt-reading">
        {t("expenses.receipts.reading.read", {
          fields: fieldsText(reading, locale, (rate, amount) => t("expenses.receipts.reading.vat", { rate, amount })),
        })}
      </Text>
      {reading.disagreements.map((kind) => (
        <Group key={kind} gap={4} wrap="nowrap" data-testid="receipt-reading-disagrees" data-kind={kind}>
          <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="xs" c="orange.8">
            {t(
              kind === "TOTAL" ? "expenses.receipts.reading.totalDisagrees" : "expenses.receipts.reading.dateDisagrees",
            )}
          </Text>
        </Group>
      ))}
      {editable && proposed && (
        <Button
          size="compact-xs"
          variant="light"
          w="fit-content"
          loading={setTax.isPending}
          onClick={() => setTax.mutate({ ids: [transactionId], value: proposed.id })}
          data-testid="receipt-reading-propose-tax"
        >
          {t("expenses.receipts.reading.proposeTax", { code: proposed.code })}
        </Button>
      )}
    </>
  );
}
