import { ACCOUNT_HOLDERS, type AccountHolder, formatMoney, isValidBankAccount, isValidKennitala } from "@kort/core";
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import {
  CREATE_TRANSFER_MUTATION,
  INITIATE_TRANSFER_MUTATION,
  REQUEST_CREDIT_LIMIT_MUTATION,
} from "./overview.graphql.ts";
import { iskOf } from "./overview-links.ts";
import { OVERVIEW_ROOT } from "./useOverview.ts";

/** Spec 6: a credit limit change is asked of the provider's staff; a one-time increase is a deposit (transfer). */
export function CreditActions({ creditLimit }: { creditLimit: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"limit" | "deposit" | null>(null);
  return (
    <Group gap="xs">
      <Button variant="light" size="xs" onClick={() => setOpen("limit")} data-testid="credit-request-open">
        {t("overview.credit.requestButton")}
      </Button>
      <Button variant="light" size="xs" onClick={() => setOpen("deposit")} data-testid="credit-deposit-open">
        {t("overview.credit.depositButton")}
      </Button>
      <Modal opened={open === "limit"} onClose={() => setOpen(null)} title={t("overview.credit.requestTitle")}>
        {open === "limit" ? <LimitRequestForm creditLimit={creditLimit} onDone={() => setOpen(null)} /> : null}
      </Modal>
      <Modal opened={open === "deposit"} onClose={() => setOpen(null)} title={t("overview.credit.depositTitle")}>
        {open === "deposit" ? <DepositForm onDone={() => setOpen(null)} /> : null}
      </Modal>
    </Group>
  );
}

function LimitRequestForm({ creditLimit, onDone }: { creditLimit: number; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [limit, setLimit] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  const send = useToastedMutation({
    run: (requested: number) =>
      request(REQUEST_CREDIT_LIMIT_MUTATION, { requested_limit: requested, message: message.trim() || null }),
    success: (result) => t("overview.credit.requestSent", { to: result.request_credit_limit_change }),
    failure: ({ reason }) => reason,
    onSuccess: onDone,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (limit !== null) send.mutate(limit);
      }}
    >
      <Stack>
        <Text size="sm">{t("overview.credit.current", { amount: formatMoney(creditLimit, { locale }) })}</Text>
        <AmountInput
          label={t("overview.credit.requestedLimit")}
          value={limit}
          onChange={setLimit}
          required
          data-testid="credit-request-amount"
        />
        <Textarea
          label={t("overview.credit.message")}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Button type="submit" loading={send.isPending} disabled={limit === null} data-testid="credit-request-send">
          {t("overview.credit.send")}
        </Button>
      </Stack>
    </form>
  );
}

type Created = { id: string; amount: string; bank_account: string };

function DepositForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [amount, setAmount] = useState<number | null>(null);
  const [account, setAccount] = useState("");
  const [holder, setHolder] = useState<AccountHolder>("COMPANY");
  const [kennitala, setKennitala] = useState("");
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const accountError = touched && !isValidBankAccount(account) ? t("overview.credit.accountInvalid") : null;
  const kennitalaError = touched && !isValidKennitala(kennitala) ? t("overview.credit.kennitalaInvalid") : null;

  const create = useToastedMutation({
    run: (input: { amount: number }) =>
      request(CREATE_TRANSFER_MUTATION, {
        input: { amount: input.amount, bank_account: account, account_holder: holder, holder_kennitala: kennitala },
      }),
    failure: ({ reason }) => reason,
    onSuccess: (result) => setCreated(result.create_transfer),
  });
  const initiate = useToastedMutation({
    run: (id: string) => request(INITIATE_TRANSFER_MUTATION, { id }),
    success: () => t("overview.credit.deposited"),
    failure: ({ reason }) => reason,
    onSuccess: onDone,
    refetch: [[OVERVIEW_ROOT]],
  });

  if (created) {
    return (
      <Stack>
        <Text data-testid="deposit-summary">
          {t("overview.credit.confirm", {
            amount: formatMoney(iskOf(created.amount), { locale }),
            account: created.bank_account,
          })}
        </Text>
        <Button loading={initiate.isPending} onClick={() => initiate.mutate(created.id)} data-testid="deposit-initiate">
          {t("overview.credit.initiate")}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (amount === null || !isValidBankAccount(account) || !isValidKennitala(kennitala)) return;
        create.mutate({ amount });
      }}
    >
      <Stack>
        <Text size="sm">{t("overview.credit.depositHint")}</Text>
        <AmountInput
          label={t("overview.amount")}
          value={amount}
          onChange={setAmount}
          required
          data-testid="deposit-amount"
        />
        <TextInput
          label={t("overview.credit.bankAccount")}
          placeholder="0133-26-012345"
          value={account}
          onChange={(event) => setAccount(event.currentTarget.value)}
          error={accountError}
          required
          data-testid="deposit-account"
        />
        <Select
          label={t("overview.credit.holder")}
          data={ACCOUNT_HOLDERS.map((value) => ({ value, label: t(`overview.credit.holders.${value}`) }))}
          value={holder}
          allowDeselect={false}
          onChange={(value) => value && setHolder(value as AccountHolder)}
          data-testid="deposit-holder"
        />
        <TextInput
          label={t("overview.credit.holderKennitala")}
          value={kennitala}
          onChange={(event) => setKennitala(event.currentTarget.value)}
          error={kennitalaError}
          required
          data-testid="deposit-kennitala"
        />
        <Button type="submit" loading={create.isPending} data-testid="deposit-create">
          {t("overview.credit.create")}
        </Button>
      </Stack>
    </form>
  );
}
