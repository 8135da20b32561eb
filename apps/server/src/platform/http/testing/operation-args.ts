import { randomUUID } from "node:crypto";
import type { GraphQLArgument, GraphQLField, GraphQLInputType, GraphQLOutputType } from "graphql";

// graphql ships CommonJS and ESM builds, and the schema may come from the other one (see graphql/errors.ts), so
// its isNonNullType and friends would refuse these types: they are told apart by their shape instead.
type Wrapper = { ofType: GraphQLInputType };
export const isWrapper = (type: unknown): type is Wrapper =>
  typeof type === "object" && type !== null && "ofType" in type;
const isNonNull = (type: GraphQLInputType | GraphQLOutputType): boolean => type.toString().endsWith("!");
export const namedOf = (type: GraphQLInputType | GraphQLOutputType): unknown => {
  let current: unknown = type;
  while (isWrapper(current)) current = current.ofType;
  return current;
};
export const hasFields = (
  type: unknown,
): type is { getFields: () => Record<string, { name: string; type: GraphQLInputType }> } =>
  typeof type === "object" && type !== null && "getFields" in type;
export const isEnum = (type: unknown): type is { getValues: () => { value: unknown }[] } =>
  typeof type === "object" && type !== null && "getValues" in type;
export const nameOf = (type: unknown): string =>
  typeof type === "object" && type !== null && "name" in type && typeof type.name === "string" ? type.name : "";

/**
 * Minimal arguments for any GraphQL operation, built from the schema (authorization-coverage.test.ts): every
 * required argument gets a value of its type, and ids name real rows through `ids`, chosen by the argument's
 * name (`team_id`, `user_id`) or, for a bare `id` or `ids`, by the operation's name (`revoke_invite` → an
 * invitation, `remove_receipts` → a receipt).
 */
export type FixtureIds = {
  project: string;
  team: string;
  user: string;
  invite: string;
  card: string;
  /** A pending authorization, which the network may still reverse or clear. */
  authorization: string;
  cardDesign: string;
  transaction: string;
  receipt: string;
  category: string;
  taxCategory: string;
  categoryGroup: string;
  dimensionValue: string;
  rule: string;
  ruleProposal: string;
  export: string;
  scheduledExport: string;
  invoice: string;
  transfer: string;
  emailAddress: string;
  announcement: string;
  notification: string;
  /** The owner's own phone. */
  device: string;
};

/**
 * The object's noun, most specific first: `set_card_team(id)` is about a card, `patch_tax_category` about a tax
 * category, `cardholder_id` about a person but `change_cardholder(id)` about the card; a rule proposal is not the
 * rule, a scheduled export not the export, a card design not the card, and a category group (`group_id`,
 * `subgroup_ids`) or a categorisation rule not the category. `categor` also reads `bulk_delete_categories`.
 */
const NOUNS: readonly [RegExp, keyof FixtureIds][] = [
  [/invite/, "invite"],
  [/proposal/, "ruleProposal"],
  [/categorisation/, "rule"],
  [/design/, "cardDesign"],
  [/scheduled_export/, "scheduledExport"],
  [/export/, "export"],
  [/receipt/, "receipt"],
  [/invoice/, "invoice"],
  [/transfer/, "transfer"],
  [/announcement/, "announcement"],
  [/notification/, "notification"],
  [/email/, "emailAddress"],
  [/device/, "device"],
  [/dimension_value/, "dimensionValue"],
  [/group/, "categoryGroup"],
  [/holder_id/, "user"],
  [/authorization/, "authorization"],
  [/transaction/, "transaction"],
  // A funding source is a card as the employee's wallet names it (/v1/funding_sources/:id).
  [/card|funding_source/, "card"],
  [/tax_categor/, "taxCategory"],
  [/categor/, "category"],
  [/team/, "team"],
  [/user|member|actor/, "user"],
  [/project|company/, "project"],
];

const nounOf = (subject: string): keyof FixtureIds | undefined => NOUNS.find(([pattern]) => pattern.test(subject))?.[1];

// An id nobody has: the operation answers NOT_FOUND, which fails the coverage test unless the policy was asked
// first. Teach NOUNS and sweepCompany the new kind of id when that happens.
const idOf = (noun: keyof FixtureIds | undefined, ids: FixtureIds): string => (noun ? ids[noun] : randomUUID());

/** The sweep company's row for a body property (`authorization_id`, `card_ids`), or undefined for another kind. */
export const idNamed =
  (ids: FixtureIds) =>
  (property: string): string | undefined => {
    const noun = /_ids?$/.test(property) ? nounOf(property) : undefined;
    return noun ? ids[noun] : undefined;
  };

const idFor = (operation: string, argument: string, ids: FixtureIds): string =>
  idOf(nounOf(argument === "id" || argument === "ids" ? operation : argument), ids);

/**
 * A /v1 route's path with each parameter a real row of the sweep company: by its own name (`:team_id`), else by the
 * segment before it (`/v1/transactions/:id/receipts` is a purchase's, `/transactions/:tid` too,
 * `/v1/email-addresses/:id/verify` an alias's). Paths of kinds nobody has (a device, a sign-up) get an id nobody has.
 */
export const pathWithIds = (path: string, ids: FixtureIds): string => {
  const segments = path.split("/");
  return segments
    .map((segment, index) =>
      segment.startsWith(":") ? idOf(nounOf(segment.slice(1)) ?? nounOf(segments[index - 1] ?? ""), ids) : segment,
    )
    .join("/");
};

const stringFor = (argument: string): string => {
  if (argument === "email") return `coverage-${randomUUID()}@fyrirtaeki.is`;
  if (argument === "role_name") return "user";
  // Category and account codes are letters, digits, dots and dashes (@kort/core CATEGORY_CODE_PATTERN).
  if (/code$/.test(argument)) return `K-${randomUUID().slice(0, 8)}`;
  return `Prófun ${randomUUID().slice(0, 8)}`;
};

const scalarFor = (type: string, operation: string, argument: string, ids: FixtureIds): unknown => {
  switch (type) {
    case "ID":
      return idFor(operation, argument, ids);
    case "String":
      return stringFor(argument);
    case "Int":
    case "Float":
      return 1;
    case "Boolean":
      return true;
    case "DateTime":
      return new Date().toISOString();
    default:
      return {};
  }
};

const valueFor = (type: GraphQLInputType, operation: string, argument: string, ids: FixtureIds): unknown => {
  const text = type.toString();
  if (text.endsWith("!") && isWrapper(type)) return valueFor(type.ofType, operation, argument, ids);
  if (text.startsWith("[") && isWrapper(type)) return [valueFor(type.ofType, operation, argument, ids)];
  if (isEnum(type)) return type.getValues()[0]?.value;
  if (hasFields(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNull(field.type));
    return Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, operation, field.name, ids)]));
  }
  return scalarFor(nameOf(type), operation, argument, ids);
};

const required = (args: readonly GraphQLArgument[]) => args.filter((arg) => isNonNull(arg.type));

/**
 * The document and variables that call one Query or Mutation field with its required arguments only, or with
 * every argument (`all`), for operations that check their input before they ask the policy.
 */
export const operationCall = (
  kind: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  ids: FixtureIds,
  arguments_: "required" | "all" = "required",
): { query: string; variables: Record<string, unknown> } => {
  const args = arguments_ === "all" ? field.args : required(field.args);
  const declared = args.map((arg, i) => `$a${i}: ${arg.type.toString()}`).join(", ");
  const passed = args.map((arg, i) => `${arg.name}: $a${i}`).join(", ");
  const selection = hasFields(namedOf(field.type)) ? " { __typename }" : "";
  const query = `${kind}${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
  const variables = Object.fromEntries(args.map((arg, i) => [`a${i}`, valueFor(arg.type, field.name, arg.name, ids)]));
  return { query, variables };
};
