import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import pg from "pg";
import { SESSION_STATEMENT } from "../../apps/server/src/platform/http/context.repo.ts";
import { announce, type ChildServer, startChildServer } from "./child-server.ts";

/**
 * The floor for an authenticated read: a bare node:http server that runs the same SQL as Kort's session lookup
 * (token → user: the very statement, named as Kort names it, so both plan it once per connection) and answers the
 * user as JSON, with no framework, validation, logging or GraphQL around it. A GET is the floor of
 * `GET /v1/users/current`; a POST reads and parses its JSON body first, as any server answering a GraphQL request
 * must, and is the floor of `{ me }`: the load generator's cost of sending the body is then on both sides.
 *
 * It runs in a process of its own (child-server.ts).
 */
const serveFloor = async (databaseUrl: string): Promise<void> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const lookup = async (authorization: string | undefined) => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    if (!token) return undefined;
    const hash = createHash("sha256").update(token).digest("hex");
    const { rows } = await pool.query({ ...SESSION_STATEMENT, values: [hash, new Date()] });
    return rows[0] as Record<string, unknown> | undefined;
  };
  const answer = async (request: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    let graphql = false;
    if (request.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      graphql = typeof JSON.parse(Buffer.concat(chunks).toString("utf8"))?.query === "string";
    }
    const user = await lookup(request.headers.authorization);
    if (!user) return { status: 401, body: { error: "UNAUTHENTICATED" } };
    return { status: 200, body: graphql ? { data: { me: user } } : user };
  };
  const server = createServer(async (request, response) => {
    const { status, body } = await answer(request).catch(() => ({ status: 400, body: { error: "BAD_REQUEST" } }));
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await announce(server);
};

/** Starts the floor as a child process; it stops by itself when its parent goes. */
export const startFloorServer = (databaseUrl: string): Promise<ChildServer> =>
  startChildServer(import.meta.filename, { KORT_FLOOR_DATABASE_URL: databaseUrl });

const databaseUrl = process.env.KORT_FLOOR_DATABASE_URL;
if (databaseUrl && process.argv[1] === import.meta.filename) await serveFloor(databaseUrl);
