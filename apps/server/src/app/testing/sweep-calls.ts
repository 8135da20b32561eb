import { randomUUID } from "node:crypto";
import { multipart, type Part } from "../../modules/receipts/testing/receipts-scene.ts";
import { graphqlFor } from "../../modules/teams/teams.fixtures.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The sweep company's rows are made by its people through the app's own operations, so each row is whole as the
 * service writes it (its audit row, its blobs, its notices). A call that fails stops the sweep there: a sweep over
 * a company without its rows would count NOT_FOUND as a pass.
 */
export type CallerHeaders = Record<string, string>;

/** `graphqlFor`'s call, refusing any error: answers the data. */
export const graphqlAs = async <T>(
  t: TestApp,
  headers: CallerHeaders,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> => {
  const body = await graphqlFor(t)<T>(query, headers, variables);
  if (body.errors || !body.data) throw new Error(`The sweep company's ${query} answered ${JSON.stringify(body)}`);
  return body.data;
};

/** A file posted as a browser uploads it; answers the id of the row the route made. */
export const uploadAs = async (t: TestApp, headers: CallerHeaders, url: string, file: Omit<Part, "field">) => {
  const body = multipart([{ field: "file", ...file }]);
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "content-type": body.contentType, "idempotency-key": randomUUID() },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`The sweep company's upload to ${url} answered ${response.body}`);
  return response.json<{ id: string }>().id;
};

/** A JSON call to a /v1 route, refusing anything but 2xx: answers the body. */
export const restAs = async <T>(
  t: TestApp,
  headers: CallerHeaders,
  request: { method: "POST" | "PUT"; url: string; body: unknown },
): Promise<T> => {
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: JSON.stringify(request.body),
  });
  if (response.statusCode >= 300) throw new Error(`The sweep company's ${request.url} answered ${response.body}`);
  return response.json<T>();
};
