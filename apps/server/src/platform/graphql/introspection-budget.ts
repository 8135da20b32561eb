import { type FieldNode, type GraphQLError, Kind, type SelectionSetNode, type ValidationRule } from "graphql";

/**
 * Depth does not measure introspection: `types { fields { type { fields { type { fields … } } } } }`
 * multiplies the answer by every type's fields at each list, while the `ofType` chains that GraphiQL's
 * own introspection query nests nine deep are single objects. So inside `__schema` and `__type` this
 * rule counts nested lists (the standard query needs three: types, fields, args), allows no aliases,
 * and allows at most two introspection roots per operation. In production it refuses the first root:
 * introspection is off there.
 */
export const INTROSPECTION_LIMITS = {
  roots: 2,
  listNesting: 3,
  /** Selections visited with fragments expanded; bounds this walk against fragment bombs. */
  visits: 2_000,
} as const;

const ROOTS = new Set(["__schema", "__type"]);

/** The list-valued fields of the introspection types (`locations` is a list of enum values, a leaf). */
const LISTS = new Set([
  "types",
  "fields",
  "args",
  "inputFields",
  "interfaces",
  "possibleTypes",
  "enumValues",
  "directives",
]);

type Refuse = (limit: "introspection", message: string) => GraphQLError;

export type IntrospectionRuleOptions = {
  /** False in production: the first introspection root is refused with `disabled()`. */
  enabled: boolean;
  refuse: Refuse;
  disabled: () => GraphQLError;
};

type Walk = IntrospectionRuleOptions & {
  fragments: Map<string, SelectionSetNode>;
  roots: number;
  visits: number;
};

const visitField = (field: FieldNode, walk: Walk, lists: number | undefined, onPath: Set<string>): void => {
  const name = field.name.value;
  let nesting = lists;
  if (nesting === undefined && ROOTS.has(name)) {
    if (!walk.enabled) throw walk.disabled();
    walk.roots += 1;
    if (walk.roots > INTROSPECTION_LIMITS.roots) {
      throw walk.refuse("introspection", `At most ${INTROSPECTION_LIMITS.roots} introspection fields per operation.`);
    }
    nesting = 0;
  }
  if (nesting !== undefined) {
    if (field.alias && name !== "__typename") throw walk.refuse("introspection", "Introspection takes no aliases.");
    if (LISTS.has(name)) nesting += 1;
    if (nesting > INTROSPECTION_LIMITS.listNesting) {
      throw walk.refuse("introspection", `Introspection nests at most ${INTROSPECTION_LIMITS.listNesting} lists.`);
    }
  }
  if (field.selectionSet) visitSelections(field.selectionSet, walk, nesting, onPath);
};

const visitSelections = (set: SelectionSetNode, walk: Walk, lists: number | undefined, onPath: Set<string>): void => {
  for (const selection of set.selections) {
    walk.visits += 1;
    if (walk.visits > INTROSPECTION_LIMITS.visits) {
      throw walk.refuse("introspection", "The document is too large to check for introspection.");
    }
    if (selection.kind === Kind.FIELD) visitField(selection, walk, lists, onPath);
    else if (selection.kind === Kind.INLINE_FRAGMENT) visitSelections(selection.selectionSet, walk, lists, onPath);
    else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      // An unknown or cyclic spread is graphql-js's own validation error; here it is simply not followed.
      if (!fragment || onPath.has(name)) continue;
      onPath.add(name);
      visitSelections(fragment, walk, lists, onPath);
      onPath.delete(name);
    }
  }
};

/** Whether the document names an introspection root at all: most do not, and then nothing is walked. */
const mentionsIntrospection = (source: string): boolean => source.includes("__schema") || source.includes("__type");

export const introspectionBudgetRule =
  (options: IntrospectionRuleOptions): ValidationRule =>
  (context) => {
    const document = context.getDocument();
    if (!mentionsIntrospection(document.loc?.source.body ?? "__schema")) return {};
    const fragments = new Map<string, SelectionSetNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
    }
    return {
      OperationDefinition: (operation) => {
        visitSelections(operation.selectionSet, { ...options, fragments, roots: 0, visits: 0 }, undefined, new Set());
      },
    };
  };
