import { describe, expect, it } from "vitest";
import { interleave } from "./load.ts";
import { emptyTally, openLoopAcrossInto } from "./open-loop.ts";

describe("the open loop", () => {
  it("gives calls taken in turn to each send, each measured in its own tally", async () => {
    const calls: string[] = [];
    const send = (name: string, ok: boolean) => async () => {
      calls.push(name);
      return ok;
    };
    const tallies = [emptyTally(), emptyTally()];
    await openLoopAcrossInto(tallies, [send("a", true), send("b", false)], { rate: 2_000, seconds: 0.01 });
    expect(calls.join("")).toBe("ab".repeat(10));
    expect(tallies.map((tally) => tally.latencies.length)).toEqual([10, 10]);
    expect(tallies.map((tally) => tally.errors)).toEqual([0, 10]);
    // One run: both sides were measured over the same time.
    expect(tallies[0]?.ms).toBeGreaterThan(0);
    expect(tallies[0]?.ms).toBe(tallies[1]?.ms);
  });

  it("counts the calls the caller itself sent late, which the latencies include", async () => {
    let first = true;
    const send = async () => {
      if (first) {
        first = false;
        // The caller stalls for 20 ms inside its first call: every later call of the 10 ms run leaves late.
        const until = performance.now() + 20;
        while (performance.now() < until) {}
      }
      return true;
    };
    const tally = emptyTally();
    await openLoopAcrossInto([tally], [send], { rate: 1_000, seconds: 0.01 });
    expect(tally.late).toBe(9);
    expect(Math.min(...tally.latencies.slice(1))).toBeGreaterThan(10);
  });

  it("interleaves two sides over its slices, each side half the calls at the rate in all", async () => {
    let a = 0;
    let b = 0;
    const measured = await interleave(
      async () => {
        a += 1;
        return true;
      },
      async () => {
        b += 1;
        return true;
      },
      { rate: 1_000, seconds: 0.04, slices: 2 },
    );
    expect([a, b]).toEqual([20, 20]);
    expect(measured.kort.requests).toBe(20);
    expect(measured.floor.requests).toBe(20);
    expect(measured.kort.errors + measured.floor.errors).toBe(0);
  });
});
