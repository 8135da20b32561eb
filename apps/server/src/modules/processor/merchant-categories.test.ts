import { describe, expect, it } from "vitest";
import { FUEL_MCCS, isIn, LODGING_MCCS, VEHICLE_RENTAL_MCCS } from "./merchant-categories.ts";

describe("merchant categories", () => {
  it("take each range's ends and nothing past them", () => {
    const within = (ranges: Parameters<typeof isIn>[1], codes: string[]) => codes.filter((mcc) => isIn(mcc, ranges));
    expect(within(FUEL_MCCS, ["5540", "5541", "5542", "5543", "5983", "5984"])).toEqual(["5541", "5542", "5983"]);
    expect(within(LODGING_MCCS, ["3500", "3501", "3999", "4000", "7011", "7012"])).toEqual(["3501", "3999", "7011"]);
    expect(within(VEHICLE_RENTAL_MCCS, ["3350", "3351", "3441", "3442", "7512", "7513", "7514", "7519"])).toEqual([
      "3351",
      "3441",
      "7512",
      "7513",
      "7519",
    ]);
  });

  it("reads only four-digit codes", () => {
    expect(["350", "35011", "7011 ", ""].some((mcc) => isIn(mcc, LODGING_MCCS))).toBe(false);
  });
});
