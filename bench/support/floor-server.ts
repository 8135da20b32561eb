import { createServer } from "node:http";
import pg from "pg";

/**
 * The floor for an authenticated read: a bare node:http server that runs the same SQL as Kort's session
 * lookup and answers the same JSON, with no framework, validation, logging or GraphQL around it.
 */
export const startFloorServer = async (databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = createServer(async (request, response) => {
    const header = request.headers.authorization ?? "";
    const hash = header.replace(/^Bearer /, "");
    const { rows } = await pool.query(
      `select u.id, u.full_name, u.email, u.created_at from tokens t join users u on u.id = t.user_id
       where t.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') and t.status = 'approved' and t.expires_at > now()
       limit 1`,
      [hash],
    );
    response.writeHead(rows.length === 1 ? 200 : 401, { "content-type": "application/json" });
    response.end(JSON.stringify(rows[0] ?? { error: "UNAUTHENTICATED" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
};
