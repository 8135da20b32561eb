import { type DocumentNode, Kind, visit } from "graphql";
import type { Plugin } from "graphql-yoga";
import { cleanInput } from "../http/input-text.ts";

/**
 * Applies the shared text rule (http/input-text.ts) to a GraphQL request before it executes: the variables are
 * replaced by their checked NFC copy, and every string literal written into the document is checked and
 * normalised in place (the document may be a cached parse; doing it again changes nothing).
 */
export const useInputText = (): Plugin => {
  /**
   * Documents whose literals passed and are in NFC. The parse cache hands the same document to every request that
   * sends its text, so each is walked once; one that failed is not added, and fails again on every use.
   */
  const checked = new WeakSet<DocumentNode>();
  return {
    onExecute: ({ args }) => {
      if (args.variableValues) {
        const cleaned = cleanInput(args.variableValues, "variables") as Record<string, unknown>;
        for (const key of Object.keys(args.variableValues)) delete args.variableValues[key];
        Object.assign(args.variableValues, cleaned);
      }
      if (checked.has(args.document)) return;
      visit(args.document, {
        [Kind.STRING]: (node) => {
          const value = cleanInput(node.value, "query") as string;
          if (value !== node.value) (node as { value: string }).value = value;
        },
      });
      checked.add(args.document);
    },
  };
};
