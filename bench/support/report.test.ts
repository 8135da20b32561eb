import { describe, expect, it } from "vitest";
import { withRatio } from "./report.ts";

describe("a report row's ratio", () => {
  it("divides Kort's figure by the floor's", () => {
    expect(withRatio({ name: "n", figure: "p99", unit: "ms", kort: 30, floor: 20 }).ratio).toBe(1.5);
  });

  it("is left out when the floor is 0, and for shares, which are read side by side", () => {
    expect(withRatio({ name: "n", figure: "p99", unit: "ms", kort: 3, floor: 0 }).ratio).toBeNull();
    const stolen = {
      name: "n",
      figure: "machine stolen by the hypervisor",
      unit: "%" as const,
      kort: 0.23,
      floor: 0.03,
    };
    expect(withRatio(stolen).ratio).toBeNull();
  });
});
