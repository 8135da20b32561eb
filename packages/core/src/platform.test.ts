import { describe, expect, it } from "vitest";
import {
  approveCompanySchema,
  CREDIT_LIMIT_MAX,
  lockedUserSearchSchema,
  pendingCompaniesArgsSchema,
} from "./platform.ts";

const id = "0b8a4f0e-3c1d-4c7e-9d59-2f5a3c1e7b10";

describe("platform console inputs", () => {
  it("takes a credit limit of whole kronur from 0 to 12 digits", () => {
    for (const credit_limit of [0, 1, 2_500_000, CREDIT_LIMIT_MAX]) {
      expect(approveCompanySchema.safeParse({ project_id: id, credit_limit }).success).toBe(true);
    }
    for (const credit_limit of [-1, 1.5, CREDIT_LIMIT_MAX + 1, Number.NaN, "1000"]) {
      expect(approveCompanySchema.safeParse({ project_id: id, credit_limit }).success).toBe(false);
    }
    expect(approveCompanySchema.safeParse({ project_id: "x", credit_limit: 1 }).success).toBe(false);
  });

  it("reads an empty e-mail search as none, and lower-cases the rest", () => {
    expect(lockedUserSearchSchema.parse({ email: "  " })).toEqual({ email: null });
    expect(lockedUserSearchSchema.parse({})).toEqual({ email: null });
    expect(lockedUserSearchSchema.parse({ email: " Anna@Demo.IS " })).toEqual({ email: "anna@demo.is" });
  });

  it("bounds a page of the waiting list", () => {
    expect(pendingCompaniesArgsSchema.safeParse({ limit: 100 }).success).toBe(true);
    expect(pendingCompaniesArgsSchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(pendingCompaniesArgsSchema.safeParse({ limit: 0 }).success).toBe(false);
  });
});
