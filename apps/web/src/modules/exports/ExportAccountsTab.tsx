import { formatPercentage } from "@kort/core";
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import type { ExportAccounts } from "./exports.graphql.ts";
import { useExportAccounts, useSetExportAccounts } from "./useExports.ts";

type Draft = { card_liability: string; vat_default: string; rounding: string; byRate: Record<number, string> };

const draftOf = (accounts: ExportAccounts): Draft => ({
  card_liability: accounts.card_liability,
  vat_default: accounts.vat_default,
  rounding: accounts.rounding,
  byRate: Object.fromEntries(accounts.vat_by_rate.map((rate) => [rate.rate_basis_points, rate.account])),
});

/**
 * The journal exports' own accounts (DK and Payday, issue 14), on the accounting page: the card liability every
 * purchase is posted against, input VAT per rate of the company's tax categories (a journal line has no VAT field, so
 * VAT is its own line), the account for a rate not listed, and rounding. Owners and accountants change them; others
 * who export see them read-only. All are saved together; an empty rate account falls back to the default account.
 */
/** `taxRates`: the company's tax categories' rates in basis points. */
export function ExportAccountsTab({ taxRates }: { taxRates: readonly number[] }) {
  const accounts = useExportAccounts();
  if (accounts.isPending) return <Loader size="sm" />;
  if (!accounts.data) return null;
  return <ExportAccountsForm key={JSON.stringify(accounts.data)} accounts={accounts.data} taxRates={taxRates} />;
}

function ExportAccountsForm({ accounts, taxRates }: { accounts: ExportAccounts; taxRates: readonly number[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [draft, setDraft] = useState<Draft>(() => draftOf(accounts));
  const set = useSetExportAccounts();
  const readOnly = !accounts.can_change;
  // The company's VAT rates and any rate that already has an account, highest first.
  const rates = [...new Set([...taxRates.filter((rate) => rate > 0), ...Object.keys(draft.byRate).map(Number)])].sort(
    (a, b) => b - a,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({
      card_liability: draft.card_liability.trim(),
      vat_default: draft.vat_default.trim(),
      rounding: draft.rounding.trim(),
      vat_by_rate: Object.entries(draft.byRate)
        .filter(([, account]) => account.trim() !== "")
        .map(([rate, account]) => ({ rate_basis_points: Number(rate), account: account.trim() })),
    });
  };
  const field = (name: "card_liability" | "vat_default" | "rounding") => (
    <TextInput
      label={t(`exports.accounts.${name}`)}
      value={draft[name]}
      readOnly={readOnly}
      required
      maxLength={20}
      w={220}
      maw="100%"
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((previous) => ({ ...previous, [name]: value }));
      }}
      data-testid={`export-accounts-${name}`}
    />
  );
  return (
    <form onSubmit={submit} data-testid="export-accounts">
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          {t("exports.accounts.intro")}
        </Text>
        {readOnly && (
          <Alert color="gray" variant="light">
            {t("exports.accounts.readOnly")}
          </Alert>
        )}
        <Group align="flex-end">
          {field("card_liability")}
          {field("rounding")}
        </Group>
        <Table withTableBorder maw={440}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("exports.accounts.rate")}</Table.Th>
              <Table.Th>{t("exports.accounts.vatAccount")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.map((rate) => (
              <Table.Tr key={rate}>
                <Table.Td>{formatPercentage(rate, locale)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t("exports.accounts.vatAccountFor", { rate: formatPercentage(rate, locale) })}
                    value={draft.byRate[rate] ?? ""}
                    placeholder={draft.vat_default}
                    readOnly={readOnly}
                    maxLength={20}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setDraft((previous) => ({ ...previous, byRate: { ...previous.byRate, [rate]: value } }));
                    }}
                    data-testid={`export-accounts-rate-${rate}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {field("vat_default")}
        {!readOnly && (
          <Group>
            <Button type="submit" loading={set.isPending} data-testid="export-accounts-save">
              {t("exports.accounts.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
