import http from "node:http";

/**
 * The suites' HTTP client: node:http on keep-alive connections. The load generator shares the machine's two cores
 * with Kort, its floor and PostgreSQL, so what it spends is taken from what is measured. Measured on this machine,
 * a card decision cost the caller 700-830 µs of CPU through `fetch` (undici's WHATWG layer: streams, Headers,
 * Response) and 220-290 µs through node:http, beside Kort's own 500 µs: with `fetch` the caller alone held a third
 * of the machine and capped what Kort could be offered.
 */
export type HttpAnswer = { status: number; ok: boolean; body: Buffer; json<T>(): T };

export type HttpInit = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

/**
 * Reused connections, as a browser or a card network keeps them; no bound, since the callers bound themselves. A
 * bound of 64 sockets was tried at 2,000/s: it kept Kort's batches small, and Kort served 1,536 to 1,672/s instead
 * of 1,917 to 1,972/s (docs/balances.md, "A fixed set of connections").
 */
const agent = new http.Agent({ keepAlive: true });

export const httpRequest = (url: string, init: HttpInit = {}): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers = body ? { ...init.headers, "content-length": String(body.length) } : init.headers;
    const request = http.request(url, { method: init.method ?? "GET", headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        const answer = Buffer.concat(chunks);
        resolve({
          status,
          ok: status >= 200 && status < 300,
          body: answer,
          json: <T>() => JSON.parse(answer.toString("utf8")) as T,
        });
      });
    });
    request.on("error", reject);
    request.end(body);
  });

/** A GraphQL caller as the dashboard is one: the owner's bearer token and the company header; errors throw. */
export const graphqlCaller =
  (options: { baseUrl: string; token: string; projectId: string }) =>
  async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const response = await httpRequest(`${options.baseUrl}/graphql`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.token}`,
        "x-project-id": options.projectId,
        "content-type": "application/json",
      },
      body: JSON.stringify({ query, variables }),
    });
    const answer = response.json<{ data?: T; errors?: unknown }>();
    if (!response.ok || answer.errors || !answer.data) {
      throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(answer.errors)}`);
    }
    return answer.data;
  };
