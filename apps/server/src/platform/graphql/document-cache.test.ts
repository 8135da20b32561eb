import type { ValidationRule } from "graphql";
import { createSchema, createYoga, type Plugin } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { LruCache, parserAndValidationCache, useValidationCache } from "./document-cache.ts";

describe("LruCache", () => {
  it("keeps at most max entries, dropping the least recently used", () => {
    const cache = new LruCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });
});

describe("useValidationCache", () => {
  /** A Yoga set up as Kort's (yoga.ts): a rule every request, one more on requests marked `x-extra`, the cache last. */
  const yogaCounting = () => {
    const runs = { every: 0, extra: 0 };
    const every: ValidationRule = () => {
      runs.every += 1;
      return {};
    };
    const extra: ValidationRule = () => {
      runs.extra += 1;
      return {};
    };
    const rules: Plugin<{ request: Request }> = {
      onValidate: ({ addValidationRule, context }) => {
        addValidationRule(every);
        if (context.request.headers.get("x-extra")) addValidationRule(extra);
      },
    };
    const yoga = createYoga({
      schema: createSchema({ typeDefs: "type Query { hello: String }", resolvers: { Query: { hello: () => "hæ" } } }),
      plugins: [rules, useValidationCache()],
      parserAndValidationCache: parserAndValidationCache(),
    });
    const post = async (query: string, headers: Record<string, string> = {}) => {
      const response = await yoga.fetch("http://kort.test/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    };
    return { runs, post };
  };

  it("validates a document once, and answers it the same each time", async () => {
    const { runs, post } = yogaCounting();
    expect(await post("{ hello }")).toEqual({ data: { hello: "hæ" } });
    expect(await post("{ hello }")).toEqual({ data: { hello: "hæ" } });
    expect(runs.every).toBe(1);
    await post("query Other { hello }");
    expect(runs.every).toBe(2);
  });

  it("keeps a document's validation errors as they were found", async () => {
    const { runs, post } = yogaCounting();
    const first = await post("{ goodbye }");
    expect(first.errors?.[0]?.message).toMatch(/goodbye/);
    expect(await post("{ goodbye }")).toEqual(first);
    expect(runs.every).toBe(1);
  });

  it("validates anew a request that a plugin gave one more rule", async () => {
    const { runs, post } = yogaCounting();
    await post("{ hello }");
    await post("{ hello }", { "x-extra": "1" });
    expect(runs).toEqual({ every: 2, extra: 1 });
    await post("{ hello }", { "x-extra": "1" });
    expect(runs).toEqual({ every: 2, extra: 1 });
  });
});
