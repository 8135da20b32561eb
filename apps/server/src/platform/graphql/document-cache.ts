import type { DocumentNode } from "graphql";
import type { YogaServerOptions } from "graphql-yoga";

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
 * Yoga's parser and validation cache, kept on (parsing and validating the same dashboard document on
 * every request is wasted work) but bounded: parsed documents and parse errors by text, validation
 * results by parsed document (a WeakMap inside Yoga, so they go when the document does).
 */
export const parserAndValidationCache = (): NonNullable<
  YogaServerOptions<object, object>["parserAndValidationCache"]
> => ({
  documentCache: new LruCache<DocumentNode>(DOCUMENT_CACHE_ENTRIES),
  errorCache: new LruCache<unknown>(DOCUMENT_CACHE_ENTRIES),
  validationCache: true,
});
