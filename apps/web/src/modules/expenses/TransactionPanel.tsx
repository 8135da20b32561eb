import { formatDate } from "@kort/core";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { memo, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { PATHS } from "../../app/router/paths.ts";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { useAccountingCategories, useTaxCategories } from "../accounting/accounting-queries.ts";
import { useFormatPercentage } from "../accounting/useFormatPercentage.ts";
import { useTeams } from "../teams/team-queries.ts";
import { usableCategories } from "./category-options.ts";
import { valuesKeptFor, withDimensionValue } from "./dimension-values.ts";
import { RULE_KEYS } from "./ledger-columns.tsx";
import { formatForeignAmount } from "./ledger-money.ts";
import { ReceiptsSection } from "./ReceiptsSection.tsx";
import type { TransactionDetails } from "./transaction.graphql.ts";
import { useRemind, useTransaction, useTransactionEdit } from "./useTransactionEdit.ts";
import { useTransactionPermissions } from "./useTransactionPermissions.ts";
import { WaitingReceiptsSection } from "./WaitingReceipts.tsx";

/** The longest comment the server keeps. */
const COMMENT_MAX = 1000;

/** A fact of the transaction: a dimmed label over its value. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The transaction panel (spec 2): opens from a row and at `/expenses/{id}`. What happened (merchant, dates,
 * amounts, card, cardholder, authorization number, flags, rule violations, export) and what the accountant adds
 * (category, dimension values, tax category, team category, team, comment), each saved on its own.
 */
export const TransactionPanel = memo(function TransactionPanel({
  id,
  onClose,
}: {
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = useTransaction(id);
  return (
    <SidePanel
      opened={id !== null}
      onClose={onClose}
      size="large"
      title={
        <Title order={2} size="h4">
          {t("expenses.panel.title")}
        </Title>
      }
      data-testid="transaction-panel"
    >
      {details.isPending && id !== null && <Loader size="sm" aria-label={t("states.loading")} />}
      {details.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="transaction-error">
          {t("expenses.errors.fetchOne", { reason: t(errorKey(toApiError(details.error).code)) })}
        </Alert>
      )}
      {details.data && <TransactionBody details={details.data} />}
    </SidePanel>
  );
});

function TransactionBody({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const locale = useLocale();
  const day = (iso: string) => formatDate(new Date(iso), locale);
  const row = details.transaction;
  const can = useTransactionPermissions({ team_id: row.team?.id ?? null, user_id: row.cardholder.user_id });
  const teams = useTeams(false);
  const defaults = useAccountingCategories("Default", "", 1);
  const teamCategories = useAccountingCategories("Team", "", 1);
  const taxCategories = useTaxCategories();
  const percentage = useFormatPercentage();
  const team = teams.data?.find((candidate) => candidate.id === row.team?.id) ?? null;
  const setCategory = useTransactionEdit("category");
  const setDimensions = useTransactionEdit("dimensions");
  const setTaxCategory = useTransactionEdit("taxCategory");
  const setTeamCategory = useTransactionEdit("teamCategory");
  const setTeam = useTransactionEdit("team");
  const remind = useRemind();

  const usable = (page: typeof defaults.data, group: "Default" | "Team", currentId: string | null) =>
    usableCategories(page?.nodes ?? [], group, team, currentId);
  const asOptions = (list: readonly { id: string; title: string; code: string }[]) =>
    list.map((category) => ({ value: category.id, label: `${category.title} (${category.code})` }));
  // The present choice shows even before the lists load.
  const withCurrent = (
    data: { value: string; label: string }[],
    current: { id: string; title: string; code: string } | null,
  ) =>
    current && !data.some((option) => option.value === current.id)
      ? [{ value: current.id, label: current.code ? `${current.title} (${current.code})` : current.title }, ...data]
      : data;
  const categoryList = usable(defaults.data, "Default", row.category?.id ?? null);
  const category = categoryList.find((candidate) => candidate.id === row.category?.id) ?? null;
  const chooseCategory = (value: string | null) => {
    if (value === (row.category?.id ?? null)) return;
    const next = categoryList.find((candidate) => candidate.id === value);
    const dimensionIds = next?.dimensions.map((dimension) => dimension.id) ?? [];
    setCategory.mutate({
      transaction_id: row.id,
      category_id: value,
      subcategory_ids: value === null ? [] : valuesKeptFor(details.dimension_values, dimensionIds),
    });
  };
  const taxOptions = withCurrent(
    (taxCategories.data ?? [])
      .filter((tax) => tax.enabled || tax.id === details.tax_category?.id)
      .map((tax) => ({ value: tax.id, label: `${tax.code} (${percentage(tax.percentage)})` })),
    details.tax_category ? { id: details.tax_category.id, title: details.tax_category.code, code: "" } : null,
  );

  return (
    <Stack gap="lg" data-testid="transaction-details" data-id={row.id}>
      <Stack gap={2}>
        <Text fw={700} size="lg" data-testid="panel-merchant">
          {row.merchant}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={700} size="xl" style={{ whiteSpace: "nowrap" }} data-testid="panel-amount">
            {money(row.transaction_amount)}
          </Text>
          {row.original_currency !== "ISK" && (
            <Text c="dimmed" style={{ whiteSpace: "nowrap" }} data-testid="panel-foreign-amount">
              {formatForeignAmount(row.original_amount, row.original_currency, row.original_exponent)}
            </Text>
          )}
          {row.unsettled && (
            <Badge variant="light" color="blue" data-testid="panel-unsettled">
              {t("expenses.filters.unsettled")}
            </Badge>
          )}
        </Group>
      </Stack>

      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Fact label={t("expenses.panel.date")}>{day(row.transaction_date)}</Fact>
        <Fact label={t("expenses.panel.settled")}>
          {row.closed_at ? day(row.closed_at) : t("expenses.panel.notSettled")}
        </Fact>
        <Fact label={t("expenses.panel.card")}>•••• {row.card.last_four}</Fact>
        <Fact label={t("expenses.columns.cardholder")}>{row.cardholder.full_name}</Fact>
        <Fact label={t("expenses.panel.approvalCode")} testId="panel-approval-code">
          {details.approval_code ?? "–"}
        </Fact>
        {details.authorized_amount !== null && details.authorized_amount !== row.transaction_amount && (
          <Fact label={t("expenses.panel.authorized")} testId="panel-authorized">
            {money(details.authorized_amount)}
          </Fact>
        )}
        <Fact label={t("expenses.panel.description")}>{row.description || "–"}</Fact>
        <Fact label={t("expenses.panel.export")} testId="panel-export">
          {row.latest_export_id
            ? t("expenses.panel.exported", { id: row.latest_export_id.slice(0, 8) })
            : t("expenses.panel.notExported")}
        </Fact>
        <Fact label={t("expenses.panel.violations")} testId="panel-violations">
          {row.rule_violations.length === 0 ? (
            t("expenses.panel.noViolations")
          ) : (
            <Group gap={4}>
              {row.rule_violations.map((violation) => (
                <Badge key={violation.rule_id} color="orange" variant="light" data-rule={violation.rule_id}>
                  {t(RULE_KEYS[violation.rule_id])}
                </Badge>
              ))}
            </Group>
          )}
        </Fact>
      </SimpleGrid>

      {details.capture_excess !== null && details.authorized_amount !== null && (
        <Alert color="orange" variant="light" data-testid="panel-capture-excess">
          <Text size="sm">
            {t("expenses.panel.captureExcess", {
              authorized: money(details.authorized_amount),
              cleared: money(row.transaction_amount),
              excess: money(details.capture_excess),
            })}
          </Text>
          <Anchor component={Link} to={PATHS.card(row.card.id)} size="sm" data-testid="panel-capture-excess-card">
            {t("expenses.panel.openCard")}
          </Anchor>
        </Alert>
      )}

      <Stack gap="sm">
        <Select
          label={t("expenses.panel.category")}
          placeholder={t("expenses.row.noCategory")}
          searchable
          clearable
          readOnly={!can["set-category"]}
          disabled={setCategory.isPending}
          data={withCurrent(asOptions(categoryList), row.category)}
          value={row.category?.id ?? null}
          onChange={chooseCategory}
          comboboxProps={{ withinPortal: true }}
          data-testid="panel-category"
        />
        {details.categorised_by_rule && (
          <Text size="sm" c="dimmed" data-testid="panel-categorised-by-rule">
            {t("expenses.panel.categorisedByRule", { rule: details.categorised_by_rule.name })}
          </Text>
        )}
        {category && category.dimensions.length > 0 ? (
          <Stack gap="xs" data-testid="panel-dimensions">
            {category.dimensions.map((dimension) => {
              const chosen = details.dimension_values.find((value) => value.dimension_id === dimension.id) ?? null;
              return (
                <Select
                  key={dimension.id}
                  label={dimension.title}
                  placeholder={t("expenses.panel.dimensionPlaceholder")}
                  searchable
                  clearable
                  readOnly={!can["set-category"]}
                  disabled={setDimensions.isPending}
                  data={withCurrent(
                    dimension.values
                      .filter((value) => value.enabled)
                      .map((value) => ({ value: value.id, label: value.title })),
                    chosen ? { id: chosen.value_id, title: chosen.value_title, code: "" } : null,
                  )}
                  value={chosen?.value_id ?? null}
                  onChange={(value) =>
                    value !== (chosen?.value_id ?? null) &&
                    setDimensions.mutate({
                      transaction_id: row.id,
                      category_id: category.id,
                      subcategory_ids: withDimensionValue(details.dimension_values, dimension.id, value),
                    })
                  }
                  comboboxProps={{ withinPortal: true }}
                  data-testid="panel-dimension"
                  data-dimension={dimension.title}
                />
              );
            })}
          </Stack>
        ) : (
          <Fact label={t("expenses.panel.dimensions")} testId="panel-dimensions">
            {details.dimension_values.length === 0 ? (
              t("expenses.panel.noDimensions")
            ) : (
              <Stack gap={2}>
                {details.dimension_values.map((value) => (
                  <span key={value.dimension_id} data-dimension={value.dimension_id}>
                    {value.dimension_title}: {value.value_title}
                  </span>
                ))}
              </Stack>
            )}
          </Fact>
        )}
        <Select
          label={t("expenses.panel.taxCategory")}
          placeholder={t("expenses.panel.noTaxCategory")}
          searchable
          clearable
          readOnly={!can["set-tax-category"]}
          disabled={setTaxCategory.isPending}
          data={taxOptions}
          value={details.tax_category?.id ?? null}
          onChange={(value) =>
            value !== (details.tax_category?.id ?? null) &&
            setTaxCategory.mutate({ transaction_id: row.id, tax_category_id: value })
          }
          comboboxProps={{ withinPortal: true }}
          data-testid="panel-tax-category"
        />
        <Select
          label={t("expenses.panel.team")}
          placeholder={t("expenses.panel.noTeam")}
          searchable
          clearable
          readOnly={!can["set-team"]}
          disabled={setTeam.isPending}
          data={withCurrent(
            (teams.data ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name })),
            row.team ? { id: row.team.id, title: row.team.name, code: "" } : null,
          )}
          value={row.team?.id ?? null}
          onChange={(value) =>
            value !== (row.team?.id ?? null) && setTeam.mutate({ transaction_id: row.id, team_id: value })
          }
          comboboxProps={{ withinPortal: true }}
          data-testid="panel-team"
        />
        <Select
          label={t("expenses.panel.teamCategory")}
          placeholder={t("expenses.panel.noTeamCategory")}
          searchable
          clearable
          readOnly={!can["set-category"]}
          disabled={setTeamCategory.isPending}
          data={withCurrent(
            asOptions(usable(teamCategories.data, "Team", details.team_category?.id ?? null)),
            details.team_category,
          )}
          value={details.team_category?.id ?? null}
          onChange={(value) =>
            value !== (details.team_category?.id ?? null) &&
            setTeamCategory.mutate({ transaction_id: row.id, category_id: value })
          }
          comboboxProps={{ withinPortal: true }}
          data-testid="panel-team-category"
        />
        <CommentField id={row.id} comment={row.comments ?? ""} editable={can["set-comment"]} />
      </Stack>
      <ReceiptsSection transactionId={row.id} editable={can["manage-receipts"]} />
      <WaitingReceiptsSection
        transactionId={row.id}
        cardholderId={row.cardholder.user_id}
        editable={can["manage-receipts"]}
      />
      {can.remind && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconBell size={16} />}
            loading={remind.isPending}
            onClick={() => remind.mutate([row.id])}
            data-testid="panel-remind"
          >
            {t("expenses.remind.button")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The comment, saved when the field is left with a change. */
function CommentField({ id, comment, editable }: { id: string; comment: string; editable: boolean }) {
  const { t } = useTranslation();
  const save = useTransactionEdit("comment");
  const [text, setText] = useState(comment);
  useEffect(() => setText(comment), [comment]);
  return (
    <Textarea
      label={t("expenses.panel.comment")}
      autosize
      minRows={2}
      maxLength={COMMENT_MAX}
      readOnly={!editable}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        if (editable && text.trim() !== comment.trim()) save.mutate({ transaction_id: id, comment: text.trim() });
      }}
      data-testid="panel-comment"
    />
  );
}
