import { Button, Group, NumberInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useInvoiceSettings, useSetInvoiceDueDays } from "./useInvoices.ts";

/** The most days the server takes (invoices.service.ts, MAX_DUE_DAYS). */
const MAX_DUE_DAYS = 120;

/** Owners: days from an invoice's issue to its due date (and EINDAGI), for the next invoices (issue 15). */
export function InvoiceDueDays() {
  const { t } = useTranslation();
  const settings = useInvoiceSettings();
  const save = useSetInvoiceDueDays();
  const [days, setDays] = useState<number | string>("");
  const stored = settings.data?.due_days;
  useEffect(() => {
    if (stored !== undefined) setDays(stored);
  }, [stored]);
  const valid = typeof days === "number" && Number.isInteger(days) && days >= 0 && days <= MAX_DUE_DAYS;
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput
        label={t("invoices.dueDays.label")}
        description={t("invoices.dueDays.description")}
        min={0}
        max={MAX_DUE_DAYS}
        allowDecimal={false}
        allowNegative={false}
        value={days}
        onChange={setDays}
        w={260}
        data-testid="invoice-due-days"
      />
      <Button
        variant="default"
        disabled={!valid || days === stored}
        loading={save.isPending}
        onClick={() => typeof days === "number" && save.mutate(days)}
        data-testid="invoice-due-days-save"
      >
        {t("invoices.dueDays.save")}
      </Button>
    </Group>
  );
}
