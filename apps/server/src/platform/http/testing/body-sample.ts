import { randomUUID } from "node:crypto";
import { z } from "zod";

/**
 * A body a route's Zod schema accepts, built from the schema itself (hostile-input.test.ts): the REST analogue of
 * operationCall. Every property is filled, optional ones too, so a hostile value put in one of them reaches the
 * handler behind a body that is otherwise valid. Strings with a pattern take the first of a few usual candidates
 * that the pattern and the length bounds accept; the caller checks the result with the schema.
 */
type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const PATTERN_CANDIDATES = [
  "4242424242424242",
  "1234567890",
  "5411",
  "12",
  "2026",
  "ISK",
  "IS",
  "abc",
  "x",
  "A1",
  "#2563eb",
  "0",
];

/** A real row's id for a property by its name (`authorization_id`), or undefined for an id nobody has. */
export type IdNamed = (property: string) => string | undefined;

const stringOf = (schema: JsonSchema, property: string, idNamed: IdNamed): string => {
  switch (schema.format) {
    case "uuid":
      return idNamed(property) ?? randomUUID();
    case "email":
      return `sample-${randomUUID().slice(0, 8)}@example.is`;
    case "date":
      return "2026-11-02";
    case "date-time":
      return "2026-11-02T12:00:00.000Z";
    case "uri":
    case "url":
      return "https://example.is/x";
  }
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern).test(text));
  const candidate = [...PATTERN_CANDIDATES, "x".repeat(Math.max(1, schema.minLength ?? 1))].find(fits);
  return candidate ?? "x";
};

const sampleOf = (schema: JsonSchema, property: string, idNamed: IdNamed): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  const option = options && (options.find((candidate) => candidate.type !== "null") ?? options[0] ?? {});
  if (option) return sampleOf(option, property, idNamed);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, property, idNamed)));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value, key, idNamed)]),
      );
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, property, idNamed),
      );
    case "integer":
    case "number": {
      const least = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return Math.min(Math.max(least, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    case "string":
      return stringOf(schema, property, idNamed);
    default:
      return null;
  }
};

/**
 * A body the schema may accept: sampled from its JSON Schema (as /v1/docs publishes it), every property filled; ids
 * from `idNamed` where it knows the property (`card_id`: a card the caller's company has), else ids nobody has.
 */
export const bodySample = (schema: z.ZodType, idNamed: IdNamed = () => undefined): unknown =>
  sampleOf(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema, "", idNamed);
