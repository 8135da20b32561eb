import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher.ts";

/** A promise and its resolver, so a test decides when a "transaction" ends. */
const gate = () => {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
};

/** Resolves once `condition` holds, checking after each turn of the event loop (no fixed sleep). */
const until = async (condition: () => boolean): Promise<void> => {
  for (let turn = 0; turn < 1000; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("condition never held");
};

describe("the batcher", () => {
  it("runs what queued while a batch was in flight as the next batch, in arrival order, one batch at a time", async () => {
    const batches: number[][] = [];
    const gates = [gate(), gate()];
    let inFlight = 0;
    let most = 0;
    const batcher = createBatcher<number, number>(async (items) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      batches.push([...items]);
      await gates[batches.length - 1]?.promise;
      inFlight -= 1;
      return items.map((item) => item * 10);
    });
    const first = batcher.submit("a", 1);
    await until(() => batches.length === 1);
    // These arrive while the first batch "commits": they wait, and then go together.
    const rest = [2, 3, 4, 5].map((item) => batcher.submit("a", item));
    gates[0]?.open();
    await until(() => batches.length === 2);
    gates[1]?.open();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(most).toBe(1);
  });

  it("keeps keys apart: another company's batch does not wait", async () => {
    const held = gate();
    const ran: string[] = [];
    const batcher = createBatcher<string, string>(async (items) => {
      ran.push(items.join());
      if (items[0] === "a1") await held.promise;
      return [...items];
    });
    const a = batcher.submit("a", "a1");
    expect(await batcher.submit("b", "b1")).toBe("b1");
    held.open();
    expect(await a).toBe("a1");
    expect(ran).toEqual(["a1", "b1"]);
  });

  it("fails an item alone when its answer is an error", async () => {
    const batcher = createBatcher<number, number>(async (items) =>
      items.map((item) => (item === 2 ? new Error("bad two") : item)),
    );
    const answers = await Promise.allSettled([1, 2, 3].map((item) => batcher.submit("a", item)));
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("runs a failed batch's items again one by one, so only the bad one fails", async () => {
    const held = gate();
    const runs: number[][] = [];
    const batcher = createBatcher<number, number>(async (items) => {
      runs.push([...items]);
      if (items[0] === 0) await held.promise;
      if (items.includes(13)) throw new Error("the transaction failed");
      return [...items];
    });
    const opener = batcher.submit("a", 0);
    await until(() => runs.length === 1);
    const answers = Promise.allSettled([12, 13, 14].map((item) => batcher.submit("a", item)));
    held.open();
    await opener;
    const settled = await answers;
    expect(settled.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(runs).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });

  it("bounds a batch's size", async () => {
    const held = gate();
    const sizes: number[] = [];
    const batcher = createBatcher<number, number>(async (items) => {
      sizes.push(items.length);
      if (sizes.length === 1) await held.promise;
      return [...items];
    }, 3);
    const all = [batcher.submit("a", 0)];
    await until(() => sizes.length === 1);
    for (let item = 1; item <= 7; item += 1) all.push(batcher.submit("a", item));
    held.open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
