import { ERROR_CODES } from "@kort/core";
import { z } from "zod";
import type { RestRoute } from "./rest.ts";
import { MAIL_RELAY_KEY, NETWORK_KEY } from "./shared-keys.ts";

/** The header a system caller (card network, mail relay) authenticates with, instead of a session. */
const sharedKeyOf = (route: RestRoute) =>
  route.access === "network" ? NETWORK_KEY : route.access === "mail-relay" ? MAIL_RELAY_KEY : undefined;

/**
 * The OpenAPI 3.1 document of /v1, built from the same route registry that Fastify registers and
 * from the routes' Zod schemas, so the published contract cannot drift from the code.
 */

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    // Dates leave the server as ISO strings (JSON.stringify), which is what clients see.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date") {
        ctx.jsonSchema.type = "string";
        ctx.jsonSchema.format = "date-time";
      }
    },
  });
  return rest;
};

const errorSchema: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string", enum: [...ERROR_CODES] }, message: { type: "string" }, details: {} },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Object schemas become one parameter per property, as OpenAPI wants for path and query. */
const parametersOf = (schema: z.ZodType | undefined, location: "path" | "query") => {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    schema: property,
  }));
};

const headerParameters = (route: RestRoute) => [
  {
    name: "Accept-Language",
    in: "header",
    required: false,
    schema: { type: "string", default: "is-IS" },
    description: "is-IS (default) or en-US",
  },
  ...(route.access === "project"
    ? [{ name: "X-Project-Id", in: "header", required: true, schema: { type: "string", format: "uuid" } }]
    : []),
  ...(sharedKeyOf(route)
    ? [{ name: sharedKeyOf(route)?.headerName, in: "header", required: true, schema: { type: "string" } }]
    : []),
  ...(route.method === "POST" || route.method === "PATCH"
    ? [
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          schema: { type: "string", maxLength: 255 },
          description: "Replays the first answer for 24 hours.",
        },
      ]
    : []),
];

const operation = (route: RestRoute) => {
  const { params, query, body, response } = route.schemas;
  const ok =
    route.produces === "file"
      ? { description: "The file", content: { "*/*": { schema: { type: "string", format: "binary" } } } }
      : { description: "OK", content: { "application/json": { schema: jsonSchema(response, "output") } } };
  const responses: Record<string, unknown> = {
    [String(route.status)]: ok,
    "400": errorResponse("Malformed request (BAD_REQUEST, MALFORMED_BODY)"),
    "500": errorResponse("Unexpected error (INTERNAL)"),
  };
  const sharedKey = sharedKeyOf(route);
  if (sharedKey) responses["401"] = errorResponse(`No valid ${sharedKey.headerName} (UNAUTHENTICATED)`);
  else if (route.access !== "public") responses["401"] = errorResponse("No valid session (UNAUTHENTICATED)");
  if (route.access === "project") responses["404"] = errorResponse("Not a member of the project (PROJECT_NOT_FOUND)");
  if (params || query || body || route.upload) responses["422"] = errorResponse("Invalid input (VALIDATION_FAILED)");
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:{}]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    ...(route.access === "public" || sharedKeyOf(route) ? { security: [] } : {}),
    parameters: [...parametersOf(params, "path"), ...parametersOf(query, "query"), ...headerParameters(route)],
    ...(body && !route.upload
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(body, "input") } } } }
      : {}),
    ...(route.upload
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: [route.upload.field],
                  properties: { [route.upload.field]: { type: "string", format: "binary" } },
                },
                encoding: { [route.upload.field]: { contentType: "*/*" } },
              },
            },
          },
        }
      : {}),
    responses,
  };
};

export const buildOpenApiDocument = (routes: readonly RestRoute[], version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Kort REST API", version },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Error: errorSchema },
    },
  };
};
