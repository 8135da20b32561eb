import { describe, expect, it } from "vitest";
import { type AuditFormat, auditDetailsText } from "./audit-details.ts";

/** A small reader's language: a few named fields and codes, and formats that show what they were given. */
const format: AuditFormat = {
  field: (key) =>
    ({ total: "Total", number: "Number", period_from: "Period from", limit: "Limit", period: "Period" })[key],
  code: (key, value) => (key === "period" && value === "WEEKLY" ? "Weekly" : undefined),
  person: (id) => (id === "0193a0b4-0000-7000-8000-000000000001" ? "Anna Jónsdóttir" : undefined),
  money: (amount) => `<${amount} kr.>`,
  percent: (basisPoints) => `<${basisPoints / 100}%>`,
  date: (iso) => `<day ${iso}>`,
  yes: "Yes",
  no: "No",
};

describe("auditDetailsText", () => {
  it("names the fields it knows, and writes an invoice's total as an amount and its day as a day", () => {
    expect(
      auditDetailsText('{"total":432243,"number":"2026-000003","period_from":"2026-10-27"}', "invoice.issue", format),
    ).toBe("Total: <432243 kr.> · Number: 2026-000003 · Period from: <day 2026-10-27>");
  });

  it("writes an export's total as the count it is", () => {
    expect(auditDetailsText('{"total":120}', "export.create", format)).toBe("Total: 120");
  });

  it("flattens nested objects under their parent's name, names codes, and joins lists", () => {
    expect(
      auditDetailsText(
        '{"limit":{"period":"WEEKLY","sumAmount":60000},"mccs":["5812","5814"],"card_type":"EMPLOYEE"}',
        "card.create",
        format,
      ),
    ).toBe("Limit (period): Weekly · Limit (sumAmount): <60000 kr.> · mccs: 5812, 5814 · card_type: EMPLOYEE");
  });

  it("writes a credit change's before and after as amounts, and other changes' as recorded", () => {
    expect(auditDetailsText('{"from":1000000,"requested":2500000}', "credit.limit_change_requested", format)).toBe(
      "from: <1000000 kr.> · requested: <2500000 kr.>",
    );
    expect(auditDetailsText('{"from":3,"to":4}', "scheduled_export.update", format)).toBe("from: 3 · to: 4");
  });

  it("names the company's people by id, flags as yes and no, rates as percentages, moments as dates", () => {
    expect(
      auditDetailsText(
        '{"to":"0193a0b4-0000-7000-8000-000000000001","from":"0193a0b4-0000-7000-8000-000000000002","enabled":false,' +
          '"basis_points":2400,"lifted_until":"2026-12-01T13:05:00.000Z"}',
        "card.change_cardholder",
        format,
      ),
    ).toBe(
      "from: 0193a0b4-0000-7000-8000-000000000002 · to: Anna Jónsdóttir · enabled: No · basis_points: <24%> · " +
        "lifted_until: <day 2026-12-01T13:05:00.000Z>",
    );
  });

  it("writes a capture tolerance's minimum as an amount and its percent as a percentage, and only there", () => {
    // As jsonb stores it: shortest keys first ("to" before "from"); read as what, before, after.
    expect(
      auditDetailsText(
        '{"to":{"kind":"fuel","percent":5,"minimum":3000},"from":{"kind":"fuel","minimum":1000,"percent":0}}',
        "project.set_capture_tolerance",
        format,
      ),
    ).toBe(
      "from (kind): fuel · from (minimum): <1000 kr.> · from (percent): <0%> · " +
        "to (kind): fuel · to (percent): <5%> · to (minimum): <3000 kr.>",
    );
    expect(auditDetailsText('{"percent":5,"minimum":3000}', "x.y", format)).toBe("percent: 5 · minimum: 3000");
  });

  it("shows nothing recorded as a dash, and an empty record as nothing", () => {
    expect(auditDetailsText('{"from":null,"to":[],"note":"","more":{}}', "x.y", format)).toBe(
      "from: – · to: – · note: – · more: –",
    );
    expect(auditDetailsText("{}", "x.y", format)).toBe("");
  });

  it("keeps what is not a JSON object as it came", () => {
    expect(auditDetailsText("not json", "x.y", format)).toBe("not json");
    expect(auditDetailsText("[1,2]", "x.y", format)).toBe("[1,2]");
    expect(auditDetailsText('"text"', "x.y", format)).toBe('"text"');
  });

  it("keeps a list of objects readable as JSON inside its pair", () => {
    expect(auditDetailsText('{"rules":[{"mcc":"5812"}]}', "x.y", format)).toBe('rules: {"mcc":"5812"}');
  });
});
