import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { TYPESCRIPT_LOADER } from "./loader.ts";

const FLAGS = new URL("./v8-flags.ts", import.meta.url).href;

/**
 * A program whose one object-making place first makes a million objects that all survive (as a burst's requests
 * do), then two million more: it prints how many young collections the second batch took. Where V8 moved the place
 * to the old generation, the second batch takes about none; where it did not, one per filled young generation.
 */
const program = (settings: string) => `
  ${settings}
  import { PerformanceObserver } from "node:perf_hooks";
  let young = 0;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.detail.kind === 1) young++; })
    .observe({ entryTypes: ["gc"] });
  const make = (i) => ({ a: i, b: i + 1, c: null });
  const first = [];
  for (let i = 0; i < 1_000_000; i++) first.push(make(i));
  await new Promise((resolve) => setTimeout(resolve, 10));
  const before = young;
  const second = new Array(2_000_000);
  for (let i = 0; i < 2_000_000; i++) second[i] = make(i);
  await new Promise((resolve) => setTimeout(resolve, 10));
  console.log(young - before);
`;

const youngCollections = (settings: string): number =>
  Number(
    execFileSync(process.execPath, ["--import", TYPESCRIPT_LOADER, "--input-type=module", "-e", program(settings)], {
      encoding: "utf8",
    }).trim(),
  );

describe("the server's V8 settings", () => {
  it("keeps objects young after a burst in which they all survived (allocation-site pretenuring off)", () => {
    // Node's default, for contrast: the burst moved the place to the old generation.
    expect(youngCollections("")).toBeLessThanOrEqual(2);
    expect(youngCollections(`import ${JSON.stringify(FLAGS)};`)).toBeGreaterThanOrEqual(6);
  });
});
