import "@mantine/charts/styles.css";
import { formatMoney } from "@kort/core";
import { BarChart } from "@mantine/charts";
import { useLocale } from "../../app/i18n/useLocale.ts";

export type ChartBar = { label: string; amount: number };

/**
 * One breakdown as horizontal bars, largest first. Its own chunk (OverviewPage loads it lazily): recharts stays
 * out of the first load. A click on a bar opens that row's expenses. For the eye only: the table under it holds the
 * same rows, with links the keyboard and assistive technology reach.
 */
export function SpendingChart({
  bars,
  seriesLabel,
  onOpen,
  testId,
}: {
  bars: readonly ChartBar[];
  seriesLabel: string;
  onOpen: (index: number) => void;
  testId: string;
}) {
  const locale = useLocale();
  return (
    <BarChart
      h={Math.max(120, bars.length * 36 + 40)}
      data={[...bars]}
      dataKey="label"
      orientation="vertical"
      series={[{ name: "amount", label: seriesLabel, color: "blue.6" }]}
      valueFormatter={(value) => formatMoney(value, { locale })}
      yAxisProps={{ width: 140 }}
      // Three amounts (0, the middle, the top) fit the card's width whatever their length; with the default five,
      // the axis dropped the labels that overlapped and read as uneven steps (0, 25.000 kr., 100.000 kr.).
      xAxisProps={{ tickCount: 3 }}
      gridAxis="none"
      barProps={{ onClick: (_bar, index) => onOpen(index), cursor: "pointer" }}
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden
      data-testid={testId}
    />
  );
}
