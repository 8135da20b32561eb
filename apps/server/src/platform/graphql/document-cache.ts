import type { DocumentNode, GraphQLSchema } from "graphql";
import type { Plugin, YogaServerOptions } from "graphql-yoga";

/** Enough for every document the dashboard sends (about 45) many times over. */
export const DOCUMENT_CACHE_ENTRIES = 500;

/**
 * A least-recently-used map of at most `max` entries. Yoga's default parse cache holds 1,024
 * documents keyed by their whole text; ours holds fewer, and its keys are bounded by the document
 * length limit (limits.ts), so a stream of distinct hostile documents costs a few megabytes at most.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}

/**
 * Yoga's parse cache, kept on (parsing the same dashboard document on every request is wasted work) but bounded:
 * parsed documents and parse errors by text. Its validation cache is off: `useValidationCache` below does that job.
 */
export const parserAndValidationCache = (): NonNullable<
  YogaServerOptions<object, object>["parserAndValidationCache"]
> => ({
  documentCache: new LruCache<DocumentNode>(DOCUMENT_CACHE_ENTRIES),
  errorCache: new LruCache<unknown>(DOCUMENT_CACHE_ENTRIES),
  validationCache: false,
});

type ValidationResults = WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly Error[]>>;

/**
 * Validation results by parsed document (weakly held, so they go when the parse cache drops the document), and by
 * schema. Yoga's own validation cache also keys them by the rules, as the rules' names joined into one string on
 * every request: about forty function-name reads and a join, a tenth of the GraphQL layer's time for `{ me }`
 * (2026-12-03 profile). Kort's plugins add the same rules to every request (limits.ts), so the rules need no key; the
 * number of rules is kept in the key anyway, so a plugin that one day adds a rule to some requests only cannot be
 * answered from the others' results. Must be the last plugin, so that it sees every rule the plugins before it add.
 * A document a limit refuses throws during validation and is not kept: it is refused anew each time.
 */
export const useValidationCache = (): Plugin => {
  const byRuleCount = new Map<number, ValidationResults>();
  return {
    onValidate({ params: { schema, documentAST, rules }, setResult }) {
      const count = rules?.length ?? 0;
      let bySchema = byRuleCount.get(count);
      if (!bySchema) {
        bySchema = new WeakMap();
        byRuleCount.set(count, bySchema);
      }
      let byDocument = bySchema.get(schema);
      if (!byDocument) {
        byDocument = new WeakMap();
        bySchema.set(schema, byDocument);
      }
      const cached = byDocument.get(documentAST);
      if (cached) {
        setResult(cached);
        return;
      }
      return ({ result }) => {
        byDocument.set(documentAST, result);
      };
    },
  };
};
