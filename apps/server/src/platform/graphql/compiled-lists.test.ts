import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { readsCompiledField } from "./compiled-lists.ts";

const FIELDS = new Set(["transactions_v2"]);

describe("which documents run compiled", () => {
  it("is a query naming a listed field at its root, in the operation asked for", () => {
    expect(readsCompiledField(parse("{ transactions_v2 { next_cursor } }"), undefined, FIELDS)).toBe(true);
    expect(readsCompiledField(parse("{ me { id } transactions_v2 { next_cursor } }"), null, FIELDS)).toBe(true);
    const two = parse("query A { me { id } } query B { transactions_v2 { next_cursor } }");
    expect(readsCompiledField(two, "A", FIELDS)).toBe(false);
    expect(readsCompiledField(two, "B", FIELDS)).toBe(true);
  });

  it("is never another query, a mutation or a field reached only through a fragment", () => {
    expect(readsCompiledField(parse("{ me { id } }"), undefined, FIELDS)).toBe(false);
    expect(readsCompiledField(parse("mutation { transactions_v2 }"), undefined, FIELDS)).toBe(false);
    expect(
      readsCompiledField(parse("{ ...F } fragment F on Query { transactions_v2 { id } }"), undefined, FIELDS),
    ).toBe(false);
  });
});
