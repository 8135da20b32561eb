import { RECEIPT_LOCK_DAYS_MAX, RECEIPT_LOCK_DAYS_MIN } from "@kort/core";
import { Button, Card, Group, NumberInput, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatDay } from "../cards/useFormatDay.ts";
import { MerchantControlsSummary } from "./CardMerchantControls.tsx";
import {
  controlsOfDraft,
  draftOf,
  emptyDraft,
  isEmptyDraft,
  type MerchantControlsDraft,
  MerchantControlsEditor,
} from "./MerchantControlsEditor.tsx";
import type { SpendRules } from "./spend-rules.graphql.ts";
import {
  useLiftReceiptLock,
  useReceiptLocks,
  useSetProjectMerchantControls,
  useSetReceiptLock,
  useSpendRules,
} from "./spend-rules-queries.ts";

/** The receipt lock: off, or on with a grace period of 1 to 365 days (owners change it). */
function ReceiptLockSetting({ rules }: { rules: SpendRules }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(rules.receipt_lock_days !== null);
  const [days, setDays] = useState<number | string>(rules.receipt_lock_days ?? 7);
  const save = useSetReceiptLock();
  const value = typeof days === "number" ? days : Number.parseInt(days, 10);
  const valid = !on || (Number.isInteger(value) && value >= RECEIPT_LOCK_DAYS_MIN && value <= RECEIPT_LOCK_DAYS_MAX);
  const editable = rules.can_manage_receipt_lock;
  return (
    <Stack gap="xs" data-testid="receipt-lock-setting">
      <Title order={2} size="h5">
        {t("spendRules.receiptLock.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("spendRules.receiptLock.description")}
      </Text>
      <Group gap="md" align="flex-end">
        <Switch
          checked={on}
          disabled={!editable}
          onChange={(event) => setOn(event.currentTarget.checked)}
          label={t("spendRules.receiptLock.on")}
          data-testid="receipt-lock-on"
        />
        <NumberInput
          size="xs"
          w={90}
          min={RECEIPT_LOCK_DAYS_MIN}
          max={RECEIPT_LOCK_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          disabled={!editable || !on}
          label={t("spendRules.receiptLock.days")}
          value={days}
          onChange={setDays}
          data-testid="receipt-lock-days"
        />
        {editable && (
          <Button
            size="xs"
            disabled={!valid}
            loading={save.isPending}
            onClick={() => save.mutate(on ? value : null)}
            data-testid="receipt-lock-save"
          >
            {t("spendRules.receiptLock.save")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The company's default merchant controls, which every card without its own follows. */
function CompanyMerchantDefault({ rules }: { rules: SpendRules }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MerchantControlsDraft | null>(null);
  const save = useSetProjectMerchantControls();
  const submit = (next: MerchantControlsDraft) =>
    save.mutate(isEmptyDraft(next) ? null : controlsOfDraft(next), { onSuccess: () => setDraft(null) });
  return (
    <Stack gap="xs" data-testid="company-merchant-default">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t("spendRules.companyDefault")}
        </Title>
        {rules.can_manage_merchant_default && draft === null && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setDraft(rules.merchant_default ? draftOf(rules.merchant_default) : emptyDraft())}
          >
            {t("spendRules.edit")}
          </Button>
        )}
      </Group>
      {draft === null ? (
        <MerchantControlsSummary controls={rules.merchant_default} />
      ) : (
        <>
          <MerchantControlsEditor value={draft} onChange={setDraft} testId="company-merchant-editor" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDraft(null)}>
              {t("spendRules.cancel")}
            </Button>
            <Button onClick={() => submit(draft)} loading={save.isPending}>
              {t("spendRules.save")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** Who is locked for missing receipts, and a one-day lift for each (owners). */
function LockedPeople() {
  const { t } = useTranslation();
  const day = useFormatDay();
  const locks = useReceiptLocks(true);
  const lift = useLiftReceiptLock();
  const rows = locks.data?.nodes ?? [];
  return (
    <Stack gap="xs" data-testid="receipt-locks">
      <Title order={2} size="h5">
        {t("spendRules.locked.title")}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("spendRules.locked.empty")}
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.user_id} data-testid="receipt-lock-row">
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{t("spendRules.locked.missing", { count: row.missing_count })}</Table.Td>
                <Table.Td ta="right">
                  {row.lifted_until && new Date(row.lifted_until).getTime() > Date.now() ? (
                    <Text size="sm" c="dimmed">
                      {t("spendRules.locked.liftedUntil", { time: day(row.lifted_until) })}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      loading={lift.isPending && lift.variables === row.user_id}
                      onClick={() => lift.mutate(row.user_id)}
                      data-testid="receipt-lock-lift"
                    >
                      {t("spendRules.locked.lift")}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The accounting page's spend-rules tab (issue 19). */
export function SpendRulesTab() {
  const rules = useSpendRules();
  if (!rules.data) return null;
  return (
    <Card withBorder padding="md" data-testid="spend-rules-tab">
      <Stack gap="lg">
        <CompanyMerchantDefault rules={rules.data} />
        <ReceiptLockSetting key={String(rules.data.receipt_lock_days)} rules={rules.data} />
        {rules.data.can_manage_receipt_lock && <LockedPeople />}
      </Stack>
    </Card>
  );
}
