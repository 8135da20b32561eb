import pg from "pg";

/** Runs statements on a short-lived connection to the admin database (CREATE/DROP DATABASE cannot share a pool transaction). */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const quoted = client.escapeIdentifier(name);
  // A template cannot be dropped; FORCE ends connections a failed test may have left open.
  await client.query(`alter database ${quoted} is_template false`).catch(() => undefined);
  await client.query(`drop database if exists ${quoted} with (force)`);
}
