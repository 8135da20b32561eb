import { describe, expect, it } from "vitest";
import { parseMachineTicks } from "./cpu.ts";

describe("the machine's CPU ticks", () => {
  it("reads the busy, idle and stolen ticks of all cores from /proc/stat's first line", () => {
    const procStat = [
      "cpu  4705 356 584 3699 23 0 27 312 0 0",
      "cpu0 2352 178 292 1849 11 0 13 156 0 0",
      "intr 114930548 113199788 3 0 5 263 0 4 [... 242 more items]",
    ].join("\n");
    // user nice system idle iowait irq softirq steal: idle counts iowait, the total every field up to steal.
    expect(parseMachineTicks(procStat)).toEqual({ total: 9706, idle: 3722, steal: 312 });
  });

  it("answers nothing for a text that is not /proc/stat", () => {
    expect(parseMachineTicks("")).toBeUndefined();
    expect(parseMachineTicks("cpu0 1 2 3 4 5 6 7 8")).toBeUndefined();
    expect(parseMachineTicks("cpu  1 2 3")).toBeUndefined();
    expect(parseMachineTicks("cpu  1 2 3 x 5 6 7 8")).toBeUndefined();
  });
});
