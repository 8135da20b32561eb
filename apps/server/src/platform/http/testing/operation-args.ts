import { randomUUID } from "node:crypto";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";

/**
 * Minimal arguments for any GraphQL operation, built from the schema (authorization-coverage.test.ts): every
 * required argument gets a value of its type, and ids name real rows through `ids`, chosen by the argument's
 * name (`team_id`, `user_id`) or, for a bare `id`, by the operation's name (`revoke_invite` → an invitation).
 */
export type FixtureIds = { team: string; user: string; invite: string };

const idFor = (operation: string, argument: string, ids: FixtureIds): string => {
  const subject = argument === "id" ? operation : argument;
  if (/invite/.test(subject)) return ids.invite;
  if (/team/.test(subject)) return ids.team;
  if (/user/.test(subject)) return ids.user;
  // An id nobody has: the operation answers NOT_FOUND, which fails the coverage test unless the policy was asked
  // first. Teach this function the new kind of id when that happens.
  return randomUUID();
};

const stringFor = (argument: string): string => {
  if (argument === "email") return `coverage-${randomUUID()}@fyrirtaeki.is`;
  if (argument === "role_name") return "user";
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
  if (isNonNullType(type)) return valueFor(type.ofType, operation, argument, ids);
  if (isListType(type)) return [valueFor(type.ofType, operation, argument, ids)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isScalarType(type)) return scalarFor(type.name, operation, argument, ids);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, operation, field.name, ids)]));
  }
  return null;
};

const required = (args: readonly GraphQLArgument[]) => args.filter((arg) => isNonNullType(arg.type));

/** The document and variables that call one Query or Mutation field with its required arguments only. */
export const minimalCall = (
  kind: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  ids: FixtureIds,
): { query: string; variables: Record<string, unknown> } => {
  const args = required(field.args);
  const declared = args.map((arg, i) => `$a${i}: ${arg.type.toString()}`).join(", ");
  const passed = args.map((arg, i) => `${arg.name}: $a${i}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  const query = `${kind}${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
  const variables = Object.fromEntries(args.map((arg, i) => [`a${i}`, valueFor(arg.type, field.name, arg.name, ids)]));
  return { query, variables };
};
