import { useGraphQlJit } from "@envelop/graphql-jit";
import { type DocumentNode, Kind, type OperationDefinitionNode } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * Root fields executed by a compiled query (graphql-jit) rather than by the interpreting executor: the ones that
 * answer long lists of plain objects, and `me`, which every page asks (its saving is per request). The ledger's page is 100 to 500 rows of about 25 fields each: the interpreter resolves
 * every field on its own (argument values, a resolve-info object, completion by type), 1.2 ms for a page of 100
 * rows against 0.2 ms for the same page through a compiled query, with the same JSON out. The field of the first
 * call of a document is compiled once and kept with that parsed document (the parse cache hands every request with
 * the same text the same document), so a document is compiled at most once while it is cached. Documents have
 * been parsed, validated and bounded (limits.ts) before any of this runs.
 *
 * Kept to the fields named here rather than every document: the compiled executor reports some errors in words of
 * its own (a variable of the wrong type, say), so each field that moves over is one whose tests then run through it.
 */
export const COMPILED_ROOT_FIELDS: ReadonlySet<string> = new Set([
  "transactions_v2",
  // The caller, asked by every page: compiled, `{ me }` cost the server 232-240 µs a request against 246-262 µs
  // interpreted (two session suites each, 2026-11-28; docs/decisions.md).
  "me",
]);

const operationOf = (document: DocumentNode, name: string | null | undefined): OperationDefinitionNode | undefined =>
  document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && (!name || definition.name?.value === name),
  );

/** Whether the operation is a query whose root selection names one of `fields` (directly, not in a fragment). */
export const readsCompiledField = (
  document: DocumentNode,
  operationName: string | null | undefined,
  fields: ReadonlySet<string>,
): boolean => {
  const operation = operationOf(document, operationName);
  if (operation?.operation !== "query") return false;
  return operation.selectionSet.selections.some(
    (selection) => selection.kind === Kind.FIELD && fields.has(selection.name.value),
  );
};

/** Decided once per parsed document and operation name: the walk above is cheap, but not free on every call. */
export const useCompiledLists = (fields: ReadonlySet<string> = COMPILED_ROOT_FIELDS): Plugin => {
  const decided = new WeakMap<DocumentNode, Map<string, boolean>>();
  return useGraphQlJit(
    {},
    {
      enableIf: ({ document, operationName }) => {
        let byName = decided.get(document);
        if (!byName) {
          byName = new Map();
          decided.set(document, byName);
        }
        const key = operationName ?? "";
        let compiled = byName.get(key);
        if (compiled === undefined) {
          compiled = readsCompiledField(document, operationName, fields);
          byName.set(key, compiled);
        }
        return compiled;
      },
    },
  ) as Plugin;
};
