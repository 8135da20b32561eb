import { record } from "./report.ts";

/** What one load run measured; the generators are in open-loop.ts. */
export type LoadResult = { requests: number; errors: number; seconds: number; p50: number; p99: number; rps: number };

/** A `Send` for an HTTP call: succeeded when the answer is 2xx; the body is read so the connection is reused. */
export const httpCall = (request: () => Promise<Response>) => async (): Promise<boolean> => {
  const response = await request();
  await response.arrayBuffer();
  return response.ok;
};

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** One line a figure: Kort's figure, the floor's, and how many times the floor it is; each also goes to the report. */
export const printComparison = (title: string, kort: LoadResult, floor: LoadResult): void => {
  console.log(`\n${title}`);
  console.log(`  ${"figure".padEnd(12)}${"kort".padStart(14)}${"floor".padStart(14)}${"ratio".padStart(10)}`);
  const row = (name: string, a: number, b: number, format: (v: number) => string) =>
    console.log(
      `  ${name.padEnd(12)}${format(a).padStart(14)}${format(b).padStart(14)}${`${(a / b).toFixed(2)}x`.padStart(10)}`,
    );
  row("p50", kort.p50, floor.p50, ms);
  row("p99", kort.p99, floor.p99, ms);
  row("throughput", kort.rps, floor.rps, (v) => `${v.toFixed(0)}/s`);
  record({ name: title, figure: "p50", unit: "ms", kort: kort.p50, floor: floor.p50 });
  record({ name: title, figure: "p99", unit: "ms", kort: kort.p99, floor: floor.p99 });
  record({ name: title, figure: "throughput", unit: "req/s", kort: kort.rps, floor: floor.rps });
  console.log(`  requests ${kort.requests} (errors ${kort.errors}) vs ${floor.requests} (errors ${floor.errors})`);
};
