import pg from "pg";
import { inject } from "vitest";

/** The run's database (the one the spawned server uses), for the data a flow makes or checks. */
export const withDb = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> =>
  withDb(async (client) => (await client.query<T>(text, values)).rows);

export const projectIdOf = async (title: string): Promise<string> => {
  const [row] = await query<{ id: string }>("select id from projects where title = $1", [title]);
  if (!row) throw new Error(`No project ${title}`);
  return row.id;
};

/** The demo company "Demo ehf." (the owner belongs to two; most flows work in this one). */
export const demoProjectId = (): Promise<string> => projectIdOf("Demo ehf.");
