import net from "node:net";

/**
 * The suites' HTTP client: HTTP/1.1 written and read straight on keep-alive TCP sockets. The load generator shares
 * the machine's two cores with Kort, its floor and PostgreSQL, so what it spends is taken from what is measured; a
 * card network or a browser calls from machines of its own. Measured on this machine, one call cost the caller 700 to
 * 830 µs of CPU through `fetch` (undici's WHATWG layer: streams, Headers, Response), 175 to 190 µs through node:http
 * (ClientRequest, the agent, IncomingMessage's stream) and 80 µs here: at 2,000 calls/s node:http alone held a fifth
 * of the machine (docs/balances.md, "The caller on raw sockets").
 *
 * It speaks only what the bench's servers answer: a status line, headers, and a body of a Content-Length or chunked.
 * One call at a time per connection (no pipelining).
 */
export type HttpAnswer = { status: number; ok: boolean; body: Buffer; json<T>(): T };

export type HttpInit = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

/**
 * Idle connections per server, reused as a browser or a card network reuses them; no bound, since the callers bound
 * themselves. A bound of 64 sockets was tried at 2,000/s: it kept Kort's batches small, and Kort served 1,536 to
 * 1,672/s instead of 1,917 to 1,972/s (docs/balances.md, "A fixed set of connections").
 */
const idle = new Map<string, net.Socket[]>();

const HEADERS_END = Buffer.from("\r\n\r\n");
const LINE_END = Buffer.from("\r\n");

/** A socket back to its server's idle list; `connect`'s close listener takes it off if the server closes it there. */
const release = (origin: string, socket: net.Socket): void => {
  const list = idle.get(origin) ?? [];
  idle.set(origin, list);
  list.push(socket);
};

const connect = (origin: string, host: string, port: number): net.Socket => {
  const socket = net.connect(port, host);
  socket.setNoDelay(true);
  socket.on("close", () => {
    const list = idle.get(origin);
    const at = list?.indexOf(socket) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
  });
  // An error is answered to the call in flight (if any); the socket's own listener keeps it from being uncaught.
  socket.on("error", () => {});
  return socket;
};

type Head = { status: number; length: number | undefined; chunked: boolean; close: boolean; bodyAt: number };

const readHead = (data: Buffer): Head | undefined => {
  const end = data.indexOf(HEADERS_END);
  if (end < 0) return undefined;
  const lines = data.toString("latin1", 0, end).split("\r\n");
  const status = Number(lines[0]?.slice(9, 12));
  if (!lines[0]?.startsWith("HTTP/1.") || !Number.isInteger(status)) throw new Error(`Not an HTTP answer: ${lines[0]}`);
  const head: Head = { status, length: undefined, chunked: false, close: false, bodyAt: end + 4 };
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === "content-length") head.length = Number(value);
    else if (name === "transfer-encoding") head.chunked = value.includes("chunked");
    else if (name === "connection") head.close = value === "close";
  }
  return head;
};

/** The body of a chunked answer once its last chunk is in `data` (from `at`), or undefined while it is not. */
const readChunked = (data: Buffer, at: number): Buffer | undefined => {
  const chunks: Buffer[] = [];
  let offset = at;
  for (;;) {
    const lineEnd = data.indexOf(LINE_END, offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(data.toString("latin1", offset, lineEnd), 16);
    if (!Number.isInteger(size)) throw new Error("A chunked answer with a malformed chunk size");
    const start = lineEnd + 2;
    // The last chunk, then trailers (none from the bench's servers) and an empty line.
    if (size === 0) return data.indexOf(HEADERS_END, lineEnd) >= 0 ? Buffer.concat(chunks) : undefined;
    if (data.length < start + size + 2) return undefined;
    chunks.push(data.subarray(start, start + size));
    offset = start + size + 2;
  }
};

/**
 * Reads one answer from the chunks of a connection: the head as soon as it is in, then the body, joined once when a
 * Content-Length's worth is in (a page of the ledger comes in several reads), or on each read while chunked.
 */
const answerReader = () => {
  const chunks: Buffer[] = [];
  let received = 0;
  let head: Head | undefined;
  /** What came so far as one buffer, kept as the only chunk. */
  const joined = (): Buffer => {
    const data = Buffer.concat(chunks);
    chunks.splice(0, chunks.length, data);
    return data;
  };
  return (chunk: Buffer): { head: Head; body: Buffer } | undefined => {
    chunks.push(chunk);
    received += chunk.length;
    head ??= readHead(joined());
    if (!head) return undefined;
    if (head.chunked) {
      const body = readChunked(joined(), head.bodyAt);
      return body && { head, body };
    }
    const length = head.length ?? 0;
    if (received < head.bodyAt + length) return undefined;
    return { head, body: joined().subarray(head.bodyAt, head.bodyAt + length) };
  };
};

const call = (target: URL, request: Buffer, reused: net.Socket | undefined): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const origin = target.host;
    const socket = reused ?? connect(origin, target.hostname, Number(target.port || 80));
    const read = answerReader();
    let answered = false;
    const done = () => {
      socket.off("data", onData);
      socket.off("error", onFail);
      socket.off("close", onClose);
    };
    const onFail = (error: Error) => {
      done();
      socket.destroy();
      // A reused connection that fails before a byte of the answer was, all but always, closed by the server while
      // it was idle (a keep-alive timeout), before the call reached it: the call is made again on a new connection,
      // as a browser does. A new connection's failure is the call's.
      if (reused && !answered) call(target, request, undefined).then(resolve, reject);
      else reject(error);
    };
    const onClose = () => onFail(new Error("The server closed the connection before answering"));
    const onData = (chunk: Buffer) => {
      answered = true;
      let answer: ReturnType<ReturnType<typeof answerReader>>;
      try {
        answer = read(chunk);
      } catch (error) {
        onFail(error as Error);
        return;
      }
      if (!answer) return;
      done();
      if (answer.head.close) socket.destroy();
      else release(origin, socket);
      const { status } = answer.head;
      const body = answer.body;
      resolve({
        status,
        ok: status >= 200 && status < 300,
        body,
        json: <T>() => JSON.parse(body.toString("utf8")) as T,
      });
    };
    socket.on("data", onData);
    socket.on("error", onFail);
    socket.on("close", onClose);
    socket.write(request);
  });

export const httpRequest = (url: string, init: HttpInit = {}): Promise<HttpAnswer> => {
  const target = new URL(url);
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  let head = `${init.method ?? "GET"} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n`;
  for (const [name, value] of Object.entries(init.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  const request = body
    ? Buffer.concat([Buffer.from(`${head}\r\n`, "latin1"), body])
    : Buffer.from(`${head}\r\n`, "latin1");
  return call(target, request, idle.get(target.host)?.pop());
};

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
