/**
 * A closed-loop load generator: `concurrency` workers send requests back to back for `seconds`, on
 * keep-alive connections. Latencies are measured per request; throughput is completed requests per second.
 */
export type LoadResult = { requests: number; errors: number; seconds: number; p50: number; p99: number; rps: number };

const percentile = (sorted: number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
};

export const runLoad = async (
  send: () => Promise<Response>,
  options: { concurrency: number; seconds: number },
): Promise<LoadResult> => {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      const response = await send().catch(() => undefined);
      if (response === undefined || !response.ok) errors += 1;
      await response?.arrayBuffer();
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
  };
};

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** One line a figure: Kort's figure, the floor's, and how many times the floor it is. */
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
  console.log(`  requests ${kort.requests} (errors ${kort.errors}) vs ${floor.requests} (errors ${floor.errors})`);
};
