import { formatDate, parseIsoDate } from "@kort/core";
import { Group, Select } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { DateField } from "../../ui/date-field/DateField.tsx";
import { type LedgerView, periodChoices } from "./ledger-view.ts";

const CUSTOM = "custom";

/** Wide enough for the longest choice whole: "Current: 27 Nov 2026 – 26 Dec 2026" and "Núverandi: 27.11.2026 – …". */
const PERIOD_WIDTH = 330;

type Range = { fromDate: string; toDate: string };

/**
 * The range of the ledger (spec 2): one of the last 6 billing periods (27th to 26th), or a custom range of days.
 * The current period is the default and leaves the URL without dates.
 */
export function PeriodPicker({ view, onRange }: { view: LedgerView; onRange: (range: Range | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const periods = useMemo(() => periodChoices(new Date()), []);
  const day = (iso: string) => {
    const date = parseIsoDate(iso);
    return date ? formatDate(date, locale) : iso;
  };
  const chosen = periods.find((period) => period.fromDate === view.fromDate && period.toDate === view.toDate);
  const [custom, setCustom] = useState(chosen === undefined);
  const value = custom || chosen === undefined ? CUSTOM : chosen.fromDate;

  const choose = (next: string | null) => {
    if (next === null) return;
    if (next === CUSTOM) {
      setCustom(true);
      return;
    }
    setCustom(false);
    const index = periods.findIndex((period) => period.fromDate === next);
    const period = periods[index];
    // The current period is the default: no dates in the URL, so the link follows the calendar.
    if (period) onRange(index === 0 ? null : period);
  };

  return (
    <Group gap="xs" align="flex-end" miw={0}>
      <Select
        w={PERIOD_WIDTH}
        maw="100%"
        label={t("expenses.filters.period")}
        allowDeselect={false}
        data={[
          ...periods.map((period, index) => ({
            value: period.fromDate,
            label:
              index === 0
                ? t("expenses.period.current", { from: day(period.fromDate), to: day(period.toDate) })
                : t("expenses.period.range", { from: day(period.fromDate), to: day(period.toDate) }),
          })),
          { value: CUSTOM, label: t("expenses.period.custom") },
        ]}
        value={value}
        onChange={choose}
        data-testid="ledger-period"
      />
      {value === CUSTOM && <CustomRange view={view} onRange={onRange} />}
    </Group>
  );
}

/**
 * Two days, first and last, both included, in Kort's Monday-first date fields. The range is applied once both are
 * chosen and in order; the last day cannot be set before the first.
 */
function CustomRange({ view, onRange }: { view: LedgerView; onRange: (range: Range) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(view.fromDate);
  const [to, setTo] = useState<string | null>(view.toDate);
  const apply = (nextFrom: string | null, nextTo: string | null) => {
    if (nextFrom && nextTo && parseIsoDate(nextFrom) && parseIsoDate(nextTo) && nextFrom <= nextTo) {
      onRange({ fromDate: nextFrom, toDate: nextTo });
    }
  };
  return (
    <>
      <DateField
        w={150}
        label={t("expenses.period.from")}
        value={from}
        clearable={false}
        onChange={(day) => {
          setFrom(day);
          apply(day, to);
        }}
        data-testid="ledger-range-from"
      />
      <DateField
        w={150}
        label={t("expenses.period.to")}
        value={to}
        clearable={false}
        firstDay={from ?? undefined}
        error={from !== null && to !== null && to < from}
        onChange={(day) => {
          setTo(day);
          apply(from, day);
        }}
        data-testid="ledger-range-to"
      />
    </>
  );
}
