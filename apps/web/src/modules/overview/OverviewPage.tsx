import {
  billingPeriodDates,
  billingPeriodOf,
  CARD_TYPES,
  formatDate,
  formatMoney,
  isoDate,
  lastBillingPeriods,
  parseIsoDate,
  SPENDING_DIMENSIONS,
  type SpendingDimension,
} from "@kort/core";
import {
  Anchor,
  Card,
  Group,
  Loader,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { PATHS } from "../../app/router/paths.ts";
import { MenuPage } from "../../app/shell/menu/MenuPage.tsx";
import { FigureCell } from "../../ui/table/cells.tsx";
import { useActiveCardCounts } from "../cards/card-queries.ts";
import { CreditActions } from "./CreditActions.tsx";
import { expensesLinkFor, iskOf, usageShares } from "./overview-links.ts";
import { useBalance, useSpending, useTrend } from "./useOverview.ts";

// The charts are their own chunks: recharts is large and the first-load budget (scripts/first-load.mjs) holds.
const SpendingChart = lazy(() => import("./SpendingChart.tsx").then((m) => ({ default: m.SpendingChart })));
const TrendChart = lazy(() => import("./TrendChart.tsx").then((m) => ({ default: m.TrendChart })));

const PERIOD_PARAM = "period";

/** The chosen period's first day from the URL (`?period=YYYY-MM-DD`, any day of it), else the current one. */
const usePeriod = () => {
  const [params, setParams] = useSearchParams();
  const text = params.get(PERIOD_PARAM);
  const date = text ? parseIsoDate(text) : null;
  const period = billingPeriodOf(date ?? new Date());
  const choose = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PERIOD_PARAM, value);
        return next;
      },
      { replace: true },
    );
  return { period, value: isoDate(period.from), choose };
};

/** `/overview` (spec 2 and 7, issue 16), owners: the balance, active cards, spending of a period, and its trend. */
export function OverviewPage() {
  return (
    <MenuPage item="overview">
      <Overview />
    </MenuPage>
  );
}

function Overview() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { period, value, choose } = usePeriod();
  const periods = useMemo(() => lastBillingPeriods(new Date()), []);
  const day = (iso: string) => {
    const date = parseIsoDate(iso);
    return date ? formatDate(date, locale) : iso;
  };
  const options = periods.map((p) => {
    const dates = billingPeriodDates(p);
    return { value: isoDate(p.from), label: t("overview.periodRange", { from: day(dates.from), to: day(dates.to) }) };
  });
  if (!options.some((option) => option.value === value)) {
    const dates = billingPeriodDates(period);
    options.push({ value, label: t("overview.periodRange", { from: day(dates.from), to: day(dates.to) }) });
  }

  return (
    <Stack gap="lg" p="md" data-testid="overview-page">
      <Group justify="space-between" align="flex-end">
        <Select
          w={320}
          label={t("overview.period")}
          data={options}
          value={value}
          allowDeselect={false}
          onChange={(next) => next && choose(next)}
          data-testid="overview-period"
        />
        <Anchor component={Link} to={PATHS.auditLog} data-testid="overview-audit-link">
          {t("overview.audit.title")}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BalanceCard />
        <ActiveCardsCard />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {SPENDING_DIMENSIONS.map((by) => (
          <SpendingCard key={by} by={by} period={period} periodValue={value} />
        ))}
      </SimpleGrid>
      <TrendCard periodValue={value} />
    </Stack>
  );
}

/** The share of the bar (percent) below which the used section is too narrow for its label. */
const LABEL_MIN_SHARE = 15;

function BalanceCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const balance = useBalance();
  const kr = (amount: number) => formatMoney(amount, { locale });
  if (balance.isError) return <Card withBorder>{t("overview.errors.balance")}</Card>;
  if (!balance.data) return <Card withBorder>{<Loader size="sm" />}</Card>;
  const figures = {
    creditLimit: iskOf(balance.data.credit_limit),
    used: Math.round(balance.data.used),
    reserved: Math.round(balance.data.reserved),
    deposited: iskOf(balance.data.deposited),
    available: iskOf(balance.data.available),
  };
  const shares = usageShares(figures);
  return (
    <Card withBorder data-testid="overview-balance">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("overview.balance.title")}
        </Title>
        <Progress.Root size="xl" aria-label={t("overview.balance.usage")}>
          {/* The label only where the section holds it; the name and the amount of each are on hover. */}
          <Progress.Section
            value={shares.used}
            color="blue"
            title={`${t("overview.balance.used")}: ${kr(figures.used)}`}
            data-testid="balance-used-bar"
          >
            {shares.used >= LABEL_MIN_SHARE ? <Progress.Label>{t("overview.balance.used")}</Progress.Label> : null}
          </Progress.Section>
          <Progress.Section
            value={shares.reserved}
            color="orange"
            title={`${t("overview.balance.reserved")}: ${kr(figures.reserved)}`}
          />
        </Progress.Root>
        <SimpleGrid cols={2} spacing="xs">
          <Figure label={t("overview.balance.creditLimit")} value={kr(figures.creditLimit)} testId="balance-limit" />
          <Figure label={t("overview.balance.available")} value={kr(figures.available)} testId="balance-available" />
          <Figure label={t("overview.balance.used")} value={kr(figures.used)} testId="balance-used" />
          <Figure label={t("overview.balance.reserved")} value={kr(figures.reserved)} testId="balance-reserved" />
          {figures.deposited > 0 ? (
            <Figure label={t("overview.balance.deposited")} value={kr(figures.deposited)} testId="balance-deposited" />
          ) : null}
        </SimpleGrid>
        <CreditActions creditLimit={figures.creditLimit} />
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function ActiveCardsCard() {
  const { t } = useTranslation();
  const counts = useActiveCardCounts();
  return (
    <Card withBorder data-testid="overview-active-cards">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("overview.activeCards")}
        </Title>
        {counts.isError ? <Text>{t("overview.errors.figures")}</Text> : null}
        {CARD_TYPES.map((type) => (
          <Group key={type} justify="space-between">
            <Text>{t(`cards.type.${type}`)}</Text>
            <Text fw={600} data-testid={`active-cards-${type}`}>
              {counts.data?.find((row) => row.card_type === type)?.count ?? (counts.isPending ? "…" : 0)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function SpendingCard({
  by,
  period,
  periodValue,
}: {
  by: SpendingDimension;
  period: ReturnType<typeof billingPeriodOf>;
  periodValue: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const spending = useSpending(by, periodValue);
  const testId = `overview-spending-${by.toLowerCase()}`;
  const noneLabel = t(`overview.none.${by}`);
  const rows = spending.data?.rows ?? [];
  const bars = rows.map((row) => ({ label: row.label ?? noneLabel, amount: iskOf(row.amount) }));
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t(`overview.by.${by}`)}
        </Title>
        {spending.isError ? <Text>{t("overview.errors.figures")}</Text> : null}
        {spending.isPending ? <Loader size="sm" /> : null}
        {spending.data && rows.length === 0 ? <Text c="dimmed">{t("overview.empty")}</Text> : null}
        {rows.length > 0 ? (
          <Suspense fallback={<Loader size="sm" />}>
            <SpendingChart
              bars={bars}
              seriesLabel={t("overview.amount")}
              testId={`${testId}-chart`}
              onOpen={(index) => {
                const row = rows[index];
                if (row) navigate(expensesLinkFor(by, row.key, period));
              }}
            />
          </Suspense>
        ) : null}
        {spending.data && rows.length > 0 ? (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`overview.column.${by}`)}</Table.Th>
                <Table.Th ta="right">{t("overview.count")}</Table.Th>
                <Table.Th ta="right">{t("overview.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key ?? "none"}>
                  <Table.Td>
                    <Anchor component={Link} to={expensesLinkFor(by, row.key, period)} data-testid={`${testId}-link`}>
                      {row.label ?? noneLabel}
                    </Anchor>
                  </Table.Td>
                  <FigureCell>{row.count}</FigureCell>
                  <FigureCell>{formatMoney(iskOf(row.amount), { locale })}</FigureCell>
                </Table.Tr>
              ))}
              {spending.data.others ? (
                <Table.Tr>
                  <Table.Td>{t("overview.others")}</Table.Td>
                  <FigureCell>{spending.data.others.count}</FigureCell>
                  <FigureCell>{formatMoney(iskOf(spending.data.others.amount), { locale })}</FigureCell>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t("overview.total")}</Table.Th>
                <Table.Td />
                <FigureCell fw={700} data-testid={`${testId}-total`}>
                  {formatMoney(iskOf(spending.data.total), { locale })}
                </FigureCell>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}

function TrendCard({ periodValue }: { periodValue: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const trend = useTrend(periodValue);
  const bars = (trend.data ?? []).map((p) => ({
    period: formatDate(new Date(p.period_from), locale),
    settled: iskOf(p.settled),
    deposited: iskOf(p.deposited),
  }));
  return (
    <Card withBorder data-testid="overview-trend">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("overview.trend")}
        </Title>
        {trend.isError ? <Text>{t("overview.errors.figures")}</Text> : null}
        {trend.isPending ? <Loader size="sm" /> : null}
        {bars.length > 0 ? (
          <>
            <Suspense fallback={<Loader size="sm" />}>
              <TrendChart
                bars={bars}
                labels={{ settled: t("overview.balance.used"), deposited: t("overview.balance.deposited") }}
              />
            </Suspense>
            {/* The chart's figures for those who do not see it: read, not shown (TrendChart is hidden from them). */}
            <VisuallyHidden>
              <Table data-testid="overview-trend-table">
                <Table.Caption>{t("overview.trend")}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("overview.period")}</Table.Th>
                    <Table.Th>{t("overview.balance.used")}</Table.Th>
                    <Table.Th>{t("overview.balance.deposited")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {bars.map((bar) => (
                    <Table.Tr key={bar.period}>
                      <Table.Td>{bar.period}</Table.Td>
                      <Table.Td>{formatMoney(bar.settled, { locale })}</Table.Td>
                      <Table.Td>{formatMoney(bar.deposited, { locale })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
