import "@mantine/charts/styles.css";
import { formatMoney } from "@kort/core";
import { BarChart } from "@mantine/charts";
import { useLocale } from "../../app/i18n/useLocale.ts";

export type TrendBar = { period: string; settled: number; deposited: number };

/**
 * The last six billing periods' settled spend and deposits, oldest first. Lazily loaded like SpendingChart. A picture
 * for the eye only: assistive technology reads the same figures as a table (OverviewPage's TrendCard), since the
 * chart's own keyboard layer moves a tooltip that a screen reader does not announce.
 */
export function TrendChart({
  bars,
  labels,
}: {
  bars: readonly TrendBar[];
  labels: { settled: string; deposited: string };
}) {
  const locale = useLocale();
  return (
    <BarChart
      h={220}
      data={[...bars]}
      dataKey="period"
      series={[
        { name: "settled", label: labels.settled, color: "blue.6" },
        { name: "deposited", label: labels.deposited, color: "teal.6" },
      ]}
      valueFormatter={(value) => formatMoney(value, { locale })}
      yAxisProps={{ width: 110 }}
      withLegend
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden
      data-testid="overview-trend-chart"
    />
  );
}
