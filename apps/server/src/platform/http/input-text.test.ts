import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { cleanInput } from "./input-text.ts";

/** The refusal's path and reason, or the cleaned value when there is none. */
const outcome = (value: unknown, path?: string) => {
  try {
    return { value: cleanInput(value, path) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [issue] = (error.details as { issues: { path: string; reason: string }[] }).issues;
    return { code: error.code, path: issue?.path, reason: issue?.reason };
  }
};

describe("cleanInput", () => {
  it("copies a body with its texts in NFC, keys included, numbers, booleans and nulls as they were", () => {
    const decomposed = "Jo\u0301n";
    const body = { [decomposed]: [decomposed, 1, true, null], nested: { deeper: { name: `${decomposed} ehf.` } } };
    expect(outcome(body, "body")).toEqual({
      value: { Jón: ["Jón", 1, true, null], nested: { deeper: { name: "Jón ehf." } } },
    });
    expect(cleanInput(body)).not.toBe(body);
  });

  it("names the refused field by its dotted path, in arrays and in keys", () => {
    const body = { limits: [{ period: "MONTHLY" }, { description: "ok", note: "a\u0000b" }] };
    expect(outcome(body, "body")).toEqual({
      code: "VALIDATION_FAILED",
      path: "body.limits.1.note",
      reason: "control_character",
    });
    expect(outcome({ ok: { "bad\u0007key": 1 } }, "variables")).toMatchObject({ path: "variables.ok.bad\u0007key" });
    expect(outcome("\uD800", "query")).toMatchObject({ path: "query", reason: "unpaired_surrogate" });
    expect(outcome({ first: "\u0001" })).toMatchObject({ path: "first" });
  });

  it("refuses nesting deeper than any call takes, at the depth it reached", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 40; level += 1) deep = { a: deep };
    const refused = outcome(deep, "body");
    expect(refused).toMatchObject({ code: "VALIDATION_FAILED", reason: "too_deep" });
    expect(refused.path?.split(".")).toHaveLength(33);
  });
});
