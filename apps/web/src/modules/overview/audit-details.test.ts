import { describe, expect, it } from "vitest";
import { auditDetailsText } from "./audit-details.ts";

describe("auditDetailsText", () => {
  it("reads an invoice's issue as pairs, without JSON's braces and quotes", () => {
    expect(auditDetailsText('{"total":432243,"number":"2026-000003","period_from":"2026-10-27"}')).toBe(
      "total: 432243 · number: 2026-000003 · period_from: 2026-10-27",
    );
  });

  it("flattens nested objects and joins lists", () => {
    expect(
      auditDetailsText('{"limit":{"period":"WEEKLY","sumAmount":60000},"mccs":["5812","5814"],"card_type":"EMPLOYEE"}'),
    ).toBe("limit.period: WEEKLY · limit.sumAmount: 60000 · mccs: 5812, 5814 · card_type: EMPLOYEE");
  });

  it("shows nothing recorded as a dash, and an empty record as nothing", () => {
    expect(auditDetailsText('{"from":null,"to":[],"note":"","more":{}}')).toBe("from: – · to: – · note: – · more: –");
    expect(auditDetailsText("{}")).toBe("");
  });

  it("keeps what is not a JSON object as it came", () => {
    expect(auditDetailsText("not json")).toBe("not json");
    expect(auditDetailsText("[1,2]")).toBe("[1,2]");
    expect(auditDetailsText('"text"')).toBe('"text"');
  });

  it("keeps a list of objects readable as JSON inside its pair", () => {
    expect(auditDetailsText('{"rules":[{"mcc":"5812"}]}')).toBe('rules: {"mcc":"5812"}');
  });
});
