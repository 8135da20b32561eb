import { createServer } from "node:http";
import pg from "pg";
import { announce, type ChildServer, startChildServer } from "./child-server.ts";

/**
 * The floor of any HTTP answer of a list: a bare node:http server that runs a statement and answers its rows as
 * JSON, with no framework, session, GraphQL or validation around it. Its statements are fixed at start, by name:
 * `POST /<name>` (the body is read and ignored, as a GraphQL server must read one) runs that statement's text and
 * parameters as the bench sends them straight to PostgreSQL, and answers the `columns` of each row, flat: the
 * fields the client asked for, so that it writes about as many bytes as Kort's answer of them.
 *
 * Beside the SQL alone it shows what the HTTP round trip and the JSON cost on this machine whoever serves them;
 * beside Kort, what Kort adds to that.
 */
export type Statement = { text: string; params: unknown[]; columns: readonly string[] };

const picked = (rows: Record<string, unknown>[], columns: readonly string[]) =>
  rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const column of columns) out[column] = row[column];
    return out;
  });

const serveStatements = async (databaseUrl: string, statements: Record<string, Statement>): Promise<void> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const server = createServer(async (request, response) => {
    for await (const _chunk of request);
    const statement = statements[(request.url ?? "").slice(1)];
    if (!statement) {
      response.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query(statement.text, statement.params);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ rows: picked(rows, statement.columns) }));
    } catch {
      response.writeHead(500).end();
    }
  });
  await announce(server);
};

/** Starts the server as a child process; it stops by itself when its parent goes. */
export const startStatementServer = (
  databaseUrl: string,
  statements: Record<string, Statement>,
): Promise<ChildServer> =>
  startChildServer(import.meta.filename, {
    KORT_STATEMENTS_DATABASE_URL: databaseUrl,
    KORT_STATEMENTS: JSON.stringify(statements),
  });

const databaseUrl = process.env.KORT_STATEMENTS_DATABASE_URL;
if (databaseUrl && process.argv[1] === import.meta.filename) {
  await serveStatements(databaseUrl, JSON.parse(process.env.KORT_STATEMENTS ?? "{}") as Record<string, Statement>);
}
