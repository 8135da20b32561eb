import { RULE_MATCH_KINDS, type RuleMatchKind } from "@kort/core";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { ACCOUNTING_QUERY_ROOT, useAccountingCategories, useTaxCategories } from "./accounting-queries.ts";
import {
  draftOf,
  EMPTY_RULE_DRAFT,
  type RuleDraft,
  ruleProblem,
  ruleVariables,
  withCategory,
  withValue,
} from "./rule-form.ts";
import {
  ACCEPT_PROPOSAL_MUTATION,
  CATEGORISATION_RULES_QUERY,
  type CategorisationRule,
  CREATE_RULE_MUTATION,
  DELETE_RULE_MUTATION,
  DISMISS_PROPOSAL_MUTATION,
  RULE_PROPOSALS_QUERY,
  type RuleProposal,
  UPDATE_RULE_MUTATION,
} from "./rules.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";
import { useFormatPercentage } from "./useFormatPercentage.ts";

/**
 * The Rules tab of /accounting (issue 19, owners and accountants): the rules Kort proposes, to accept or dismiss, the
 * company's rules, to edit or turn off, and a form for a new one. Under the accounting query root, so one change
 * refetches them all. The server refuses everyone else every call; `canManage` only spares them controls that would
 * fail.
 */
export function RulesTab({ canManage }: { canManage: boolean }) {
  return (
    <Stack gap="lg" data-testid="rules-tab">
      <Proposals canManage={canManage} />
      <Rules canManage={canManage} />
      {canManage && <NewRule />}
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

function Proposals({ canManage }: { canManage: boolean }) {
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
      <Title order={2} size="h4">
        {t("accounting.rules.proposals.title")}
      </Title>
      {proposals.data.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} canManage={canManage} />
      ))}
    </Stack>
  );
}

function ProposalCard({ proposal, canManage }: { proposal: RuleProposal; canManage: boolean }) {
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
        {canManage && (
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
        )}
      </Group>
    </Card>
  );
}

function Rules({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const vat = useVatText();
  const [editing, setEditing] = useState<CategorisationRule | null>(null);
  const rules = useInfiniteQuery({
    queryKey: [ACCOUNTING_QUERY_ROOT, "rules"],
    queryFn: async ({ pageParam, signal }) =>
      (await request(CATEGORISATION_RULES_QUERY, { first: RULES_PAGE, after: pageParam }, { signal }))
        .categorisation_rules,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const remove = useAccountingMutation(DELETE_RULE_MUTATION, "ruleDelete", () => t("accounting.rules.toast.deleted"));
  const toggle = useAccountingMutation(UPDATE_RULE_MUTATION, "ruleUpdate", (variables) =>
    t(variables.active ? "accounting.rules.toast.activated" : "accounting.rules.toast.deactivated", {
      rule: variables.name ?? variables.pattern,
    }),
  );
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
      <Title order={2} size="h4">
        {t("accounting.rules.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("accounting.rules.intro")}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="rules-empty">
          {t("accounting.rules.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table verticalSpacing="sm" withTableBorder data-testid="rules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("accounting.rules.columns.name")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.match")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.category")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.values")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.tax")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.source")}</Table.Th>
                <Table.Th>{t("accounting.rules.columns.active")}</Table.Th>
                {canManage && (
                  <Table.Th w={80}>
                    <VisuallyHidden>{t("accounting.list.actions")}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((rule) => (
                <Table.Tr
                  key={rule.id}
                  data-testid="rule-row"
                  data-pattern={rule.pattern}
                  data-active={rule.active}
                  c={rule.active ? undefined : "dimmed"}
                >
                  <Table.Td fw={600}>{rule.name}</Table.Td>
                  <Table.Td>
                    {t(`accounting.rules.kinds.${rule.match_kind}`)}: {rule.pattern}
                  </Table.Td>
                  <Table.Td>
                    {rule.category_title ? `${rule.category_title} (${rule.category_code ?? ""})` : "–"}
                  </Table.Td>
                  <Table.Td data-testid="rule-values">
                    {rule.dimension_values.length === 0
                      ? "–"
                      : rule.dimension_values.map((value) => `${value.dimension_title}: ${value.title}`).join(", ")}
                  </Table.Td>
                  <Table.Td>{vat(rule)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={rule.source === "ACCEPTED" ? "teal" : "gray"}>
                      {t(`accounting.rules.sources.${rule.source}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <Switch
                        checked={rule.active}
                        disabled={toggle.isPending}
                        onChange={(event) =>
                          toggle.mutate({
                            id: rule.id,
                            ...ruleVariables(draftOf(rule)),
                            active: event.currentTarget.checked,
                          })
                        }
                        aria-label={t("accounting.rules.columns.active")}
                        data-testid="rule-active"
                      />
                    ) : (
                      <Badge size="sm" variant="light" color={rule.active ? "teal" : "gray"} data-testid="rule-status">
                        {t(rule.active ? "accounting.rules.on" : "accounting.rules.off")}
                      </Badge>
                    )}
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t("accounting.rules.edit")}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => setEditing(rule)}
                            aria-label={t("accounting.rules.edit")}
                            data-testid="rule-edit"
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
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
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rules.hasNextPage && (
        <Button variant="subtle" onClick={() => rules.fetchNextPage()} loading={rules.isFetchingNextPage}>
          {t("accounting.rules.more")}
        </Button>
      )}
      {editing && <EditRuleModal rule={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Editing a rule as a whole: what it matches, its name, what it sets, and whether it is on. */
function EditRuleModal({ rule, onClose }: { rule: CategorisationRule; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const update = useAccountingMutation(UPDATE_RULE_MUTATION, "ruleUpdate", (_variables, result) =>
    t("accounting.rules.toast.updated", { rule: result.update_categorisation_rule.name }),
  );
  const problem = ruleProblem(draft);
  return (
    <Modal opened onClose={onClose} title={t("accounting.rules.editTitle", { rule: rule.name })} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (problem !== null) return;
          update.mutate({ id: rule.id, ...ruleVariables(draft), active: draft.active }, { onSuccess: onClose });
        }}
        data-testid="rule-edit-form"
      >
        <Stack gap="sm">
          <RuleFields draft={draft} onChange={setDraft} current={rule} stacked />
          <Switch
            label={t("accounting.rules.activeLabel")}
            checked={draft.active}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              setDraft((before) => ({ ...before, active }));
            }}
            data-testid="rule-form-active"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("accounting.rules.form.cancel")}
            </Button>
            <Button type="submit" disabled={problem !== null} loading={update.isPending} data-testid="rule-save">
              {t("accounting.rules.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A rule written by a person: a merchant name or an MCC, and the category, dimension values and VAT it sets. */
function NewRule() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE_DRAFT);
  const create = useAccountingMutation(CREATE_RULE_MUTATION, "ruleCreate", (_variables, result) =>
    t("accounting.rules.toast.created", { rule: result.create_categorisation_rule.name }),
  );
  const problem = ruleProblem(draft);
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (problem !== null) return;
          create.mutate(ruleVariables(draft), {
            onSuccess: () => setDraft((before) => ({ ...EMPTY_RULE_DRAFT, kind: before.kind })),
          });
        }}
        data-testid="rule-form"
      >
        <Group align="flex-end" gap="sm">
          <RuleFields draft={draft} onChange={setDraft} />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            disabled={problem !== null}
            loading={create.isPending}
          >
            {t("accounting.rules.form.add")}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

type Option = { value: string; label: string };

/** The stored choice stays an option even when it is disabled now or not on the first page. */
const withCurrent = (options: Option[], current: Option | null) =>
  current && !options.some((option) => option.value === current.value) ? [current, ...options] : options;

/**
 * The fields both forms share. The category's dimensions each get a picker of their enabled values, as the
 * transaction panel offers them; the server checks them again (DIMENSION_VALUE_NOT_AVAILABLE).
 */
function RuleFields({
  draft,
  onChange,
  current,
  stacked = false,
}: {
  draft: RuleDraft;
  onChange: (next: RuleDraft) => void;
  current?: CategorisationRule;
  /** The editor's layout: one field a line, full width, with the rule's name (the new-rule row names it itself). */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const categories = useAccountingCategories("Default", "", 1);
  const taxes = useTaxCategories();
  const list = categories.data?.nodes ?? [];
  const category = list.find((candidate) => candidate.id === draft.categoryId) ?? null;
  const showPatternError = draft.pattern.trim() !== "" && ruleProblem(draft) === "pattern";
  const currentCategory =
    current?.category_id && current.category_id === draft.categoryId
      ? {
          value: current.category_id,
          label: current.category_code
            ? `${current.category_title ?? ""} (${current.category_code})`
            : (current.category_title ?? ""),
        }
      : null;
  const currentTax =
    current?.tax_category_id && current.tax_category_id === draft.taxId
      ? { value: current.tax_category_id, label: current.tax_category_code ?? "" }
      : null;
  return (
    <>
      <Select
        label={t("accounting.rules.columns.match")}
        data={RULE_MATCH_KINDS.map((item) => ({ value: item, label: t(`accounting.rules.kinds.${item}`) }))}
        value={draft.kind}
        onChange={(next) => onChange({ ...draft, kind: (next as RuleMatchKind | null) ?? "MERCHANT" })}
        allowDeselect={false}
        w={stacked ? undefined : 160}
        data-testid="rule-kind"
      />
      <TextInput
        label={t(draft.kind === "MCC" ? "accounting.rules.form.mcc" : "accounting.rules.form.merchant")}
        value={draft.pattern}
        onChange={(event) => onChange({ ...draft, pattern: event.currentTarget.value })}
        maxLength={draft.kind === "MCC" ? 4 : 100}
        error={
          showPatternError
            ? t(draft.kind === "MCC" ? "accounting.rules.form.mccInvalid" : "accounting.rules.form.merchantInvalid")
            : undefined
        }
        w={stacked ? undefined : 220}
        data-testid="rule-pattern"
      />
      {stacked && (
        <TextInput
          label={t("accounting.rules.form.name")}
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
          maxLength={100}
          data-testid="rule-name"
        />
      )}
      <Select
        label={t("accounting.rules.columns.category")}
        data={withCurrent(
          list
            .filter((candidate) => candidate.enabled)
            .map((candidate) => ({ value: candidate.id, label: `${candidate.title} (${candidate.code})` })),
          currentCategory,
        )}
        value={draft.categoryId}
        onChange={(next) => {
          const chosen = list.find((candidate) => candidate.id === next);
          onChange(withCategory(draft, next, chosen?.dimensions.map((dimension) => dimension.id) ?? []));
        }}
        searchable
        clearable
        w={stacked ? undefined : 240}
        comboboxProps={{ withinPortal: true }}
        data-testid="rule-category"
      />
      {category?.dimensions.map((dimension) => {
        const chosen = draft.values.find((value) => value.dimension_id === dimension.id) ?? null;
        const stored = current?.dimension_values.find((value) => value.id === chosen?.value_id);
        return (
          <Select
            key={dimension.id}
            label={dimension.title}
            placeholder={t("accounting.rules.form.dimensionPlaceholder")}
            data={withCurrent(
              dimension.values
                .filter((value) => value.enabled)
                .map((value) => ({ value: value.id, label: value.title })),
              stored ? { value: stored.id, label: stored.title } : null,
            )}
            value={chosen?.value_id ?? null}
            onChange={(next) => onChange(withValue(draft, dimension.id, next))}
            searchable
            clearable
            w={stacked ? undefined : 200}
            comboboxProps={{ withinPortal: true }}
            data-testid="rule-dimension"
            data-dimension={dimension.title}
          />
        );
      })}
      <Select
        label={t("accounting.rules.columns.tax")}
        data={withCurrent(
          (taxes.data ?? []).filter((tax) => tax.enabled).map((tax) => ({ value: tax.id, label: tax.code })),
          currentTax,
        )}
        value={draft.taxId}
        onChange={(next) => onChange({ ...draft, taxId: next })}
        clearable
        w={stacked ? undefined : 140}
        comboboxProps={{ withinPortal: true }}
        data-testid="rule-tax"
      />
    </>
  );
}
