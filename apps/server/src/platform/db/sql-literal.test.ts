import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { quoteLiteral } from "./sql-literal.ts";

describe("quoteLiteral", () => {
  it("writes what pg's escapeLiteral writes, for any text", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "'", "\\", '"', "é", " ", "\n", "😀") });
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: "binary" })), (value) => {
        expect(quoteLiteral(value)).toBe(pg.escapeLiteral(value));
      }),
    );
  });

  it("doubles quotes, and writes a text with a backslash as an E'' string", () => {
    expect(quoteLiteral("O'Brien")).toBe("'O''Brien'");
    expect(quoteLiteral('{"name":"a\\"b"}')).toBe(` E'{"name":"a\\\\"b"}'`);
    expect(quoteLiteral("")).toBe("''");
  });
});
