import { RULE_MATCH_KINDS, type RuleMatchKind, rulePattern } from "@kort/core";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { ACCOUNTING_QUERY_ROOT, useTaxCategories } from "./accounting-queries.ts";
import {
  ACCEPT_PROPOSAL_MUTATION,
  CATEGORISATION_RULES_QUERY,
  type CategorisationRule,
  CREATE_RULE_MUTATION,
  DELETE_RULE_MUTATION,
  DISMISS_PROPOSAL_MUTATION,
  RULE_PROPOSALS_QUERY,
  type RuleProposal,
} from "./rules.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";
import { useCategories } from "./useCategories.ts";
import { useFormatPercentage } from "./useFormatPercentage.ts";

/**
 * The Rules tab of /accounting (issue 19, owners and accountants): the rules Kort proposes, to accept or dismiss, the
 * company's rules, and a form for a new one. Under the accounting query root, so one change refetches them all.
 */
export function RulesTab() {
  return (
    <Stack gap="lg" data-testid="rules-tab">
      <Proposals />
      <Rules />
      <NewRule />
    </Stack>
  );
}

/** Rules per page ("Show more" loads the next); open proposals shown at once (a handful in practice). */
const RULES_PAGE = 100;
const PROPOSALS_SHOWN = 50;

type Vat = { tax_category_code?: string | null; tax_percentage?: number | null };

/** "VSK11 · 11%", or a dash: the VAT a rule or proposal sets. */
const useVatText = () => {
  const percent = useFormatPercentage();
  return (item: Vat) =>
    item.tax_category_code
      ? `${item.tax_category_code}${item.tax_percentage === null || item.tax_percentage === undefined ? "" : ` · ${percent(item.tax_percentage)}`}`
      : "–";
};

function Proposals() {
  const { t } = useTranslation();
  const proposals = useQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "rule-proposals"],
    queryFn: async ({ signal }) =>
      (await request(RULE_PROPOSALS_QUERY, { first: PROPOSALS_SHOWN }, { signal })).categorisation_rule_proposals.nodes,
  });
  if (proposals.isPending) return <Loader size="sm" aria-label={t("states.loading")} />;
  if (proposals.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t("accounting.rules.errors.list", { reason: t(errorKey(toApiError(proposals.error).code)) })}
      </Alert>
    );
  }
  if (proposals.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="rule-proposals">
      <Title order={4}>{t("accounting.rules.proposals.title")}</Title>
      {proposals.data.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} />
      ))}
    </Stack>
  );
}

function ProposalCard({ proposal }: { proposal: RuleProposal }) {
  const { t } = useTranslation();
  const vat = useVatText();
  const accept = useAccountingMutation(ACCEPT_PROPOSAL_MUTATION, "proposalAccept", (_variables, result) =>
    t("accounting.rules.toast.accepted", { rule: result.accept_categorisation_rule_proposal.name }),
  );
  const dismiss = useAccountingMutation(DISMISS_PROPOSAL_MUTATION, "proposalDismiss", () =>
    t("accounting.rules.toast.dismissed"),
  );
  const busy = accept.isPending || dismiss.isPending;
  return (
    <Card withBorder radius="md" data-testid="rule-proposal" data-merchant={proposal.merchant_name}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>
            {t("accounting.rules.proposals.text", {
              merchant: proposal.merchant_name,
              times: proposal.transaction_count,
              category: proposal.category_title ?? "–",
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("accounting.rules.columns.tax")}: {vat(proposal)}
            {proposal.dimension_values.length > 0 &&
              ` · ${proposal.dimension_values.map((value) => `${value.dimension_title}: ${value.title}`).join(", ")}`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} />}
            loading={accept.isPending}
            disabled={busy}
            onClick={() => accept.mutate({ id: proposal.id })}
            data-testid="rule-proposal-accept"
          >
            {t("accounting.rules.proposals.accept")}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} />}
            loading={dismiss.isPending}
            disabled={busy}
            onClick={() => dismiss.mutate({ id: proposal.id })}
            data-testid="rule-proposal-dismiss"
          >
            {t("accounting.rules.proposals.dismiss")}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function Rules() {
  const { t } = useTranslation();
  const vat = useVatText();
  const rules = useInfiniteQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "rules"],
    queryFn: async ({ pageParam, signal }) =>
      (await request(CATEGORISATION_RULES_QUERY, { first: RULES_PAGE, after: pageParam }, { signal }))
        .categorisation_rules,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const remove = useAccountingMutation(DELETE_RULE_MUTATION, "ruleDelete", () => t("accounting.rules.toast.deleted"));
  if (rules.isPending) return <Loader size="sm" aria-label={t("states.loading")} />;
  if (rules.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t("accounting.rules.errors.list", { reason: t(errorKey(toApiError(rules.error).code)) })}
      </Alert>
    );
  }
  const rows: CategorisationRule[] = rules.data.pages.flatMap((page) => page.nodes);
  return (
    <Stack gap="sm">
      <Title order={4}>{t("accounting.rules.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("accounting.rules.intro")}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="rules-empty">
          {t("accounting.rules.empty")}
        </Text>
      ) : (
        <Table verticalSpacing="sm" withTableBorder data-testid="rules-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("accounting.rules.columns.name")}</Table.Th>
              <Table.Th>{t("accounting.rules.columns.match")}</Table.Th>
              <Table.Th>{t("accounting.rules.columns.category")}</Table.Th>
              <Table.Th>{t("accounting.rules.columns.tax")}</Table.Th>
              <Table.Th>{t("accounting.rules.columns.source")}</Table.Th>
              <Table.Th w={48} aria-label={t("accounting.list.actions")} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((rule) => (
              <Table.Tr key={rule.id} data-testid="rule-row" data-pattern={rule.pattern}>
                <Table.Td fw={600}>{rule.name}</Table.Td>
                <Table.Td>
                  {t(`accounting.rules.kinds.${rule.match_kind}`)}: {rule.pattern}
                </Table.Td>
                <Table.Td>
                  {rule.category_title ? `${rule.category_title} (${rule.category_code ?? ""})` : "–"}
                  {rule.dimension_values.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {rule.dimension_values.map((value) => `${value.dimension_title}: ${value.title}`).join(", ")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{vat(rule)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={rule.source === "ACCEPTED" ? "teal" : "gray"}>
                    {t(`accounting.rules.sources.${rule.source}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t("accounting.rules.delete")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: rule.id })}
                      aria-label={t("accounting.rules.delete")}
                      data-testid="rule-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rules.hasNextPage && (
        <Button variant="subtle" onClick={() => rules.fetchNextPage()} loading={rules.isFetchingNextPage}>
          {t("accounting.rules.more")}
        </Button>
      )}
    </Stack>
  );
}

/** A rule written by a person: a merchant name or an MCC, and the category and VAT it sets. */
function NewRule() {
  const { t } = useTranslation();
  const categories = useCategories("Default");
  const taxes = useTaxCategories();
  const [kind, setKind] = useState<RuleMatchKind>("MERCHANT");
  const [pattern, setPattern] = useState("");
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [taxId, setTaxId] = useState<string | null>(null);
  const create = useAccountingMutation(CREATE_RULE_MUTATION, "ruleCreate", (_variables, result) =>
    t("accounting.rules.toast.created", { rule: result.create_categorisation_rule.name }),
  );
  const valid = rulePattern(kind, pattern) !== undefined && (categoryId !== null || taxId !== null);
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          create.mutate(
            { match_kind: kind, pattern: pattern.trim(), category_id: categoryId, tax_category_id: taxId },
            {
              onSuccess: () => {
                setPattern("");
                setCategoryId(null);
                setTaxId(null);
              },
            },
          );
        }}
        data-testid="rule-form"
      >
        <Group align="flex-end" gap="sm">
          <Select
            label={t("accounting.rules.columns.match")}
            data={RULE_MATCH_KINDS.map((item) => ({ value: item, label: t(`accounting.rules.kinds.${item}`) }))}
            value={kind}
            onChange={(next) => setKind((next as RuleMatchKind | null) ?? "MERCHANT")}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={t(kind === "MCC" ? "accounting.rules.form.mcc" : "accounting.rules.form.merchant")}
            value={pattern}
            onChange={(event) => setPattern(event.currentTarget.value)}
            maxLength={kind === "MCC" ? 4 : 100}
            w={220}
            data-testid="rule-pattern"
          />
          <Select
            label={t("accounting.rules.columns.category")}
            data={(categories.data ?? [])
              .filter((category) => category.enabled)
              .map((category) => ({ value: category.id, label: `${category.title} (${category.code})` }))}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            clearable
            w={240}
            data-testid="rule-category"
          />
          <Select
            label={t("accounting.rules.columns.tax")}
            data={(taxes.data ?? []).filter((tax) => tax.enabled).map((tax) => ({ value: tax.id, label: tax.code }))}
            value={taxId}
            onChange={setTaxId}
            clearable
            w={140}
            data-testid="rule-tax"
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} disabled={!valid} loading={create.isPending}>
            {t("accounting.rules.form.add")}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
