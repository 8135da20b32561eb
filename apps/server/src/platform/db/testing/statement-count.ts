import type pg from "pg";

/**
 * The statements sent through the pool while `work` runs (each client's query: BEGIN, COMMIT and every statement),
 * so a test can tell a change of a selection that costs a fixed number of statements from one that costs one per row.
 */
export const countStatements = async (pool: pg.Pool, work: () => Promise<unknown>): Promise<number> => {
  let count = 0;
  const wrapped = new Map<pg.PoolClient, pg.PoolClient["query"]>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    const query = client.query;
    wrapped.set(client, query);
    client.query = ((...args: Parameters<typeof query>) => {
      count += 1;
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    }) as typeof query;
  };
  pool.on("acquire", onAcquire);
  try {
    await work();
  } finally {
    pool.off("acquire", onAcquire);
    for (const [client, query] of wrapped) client.query = query;
  }
  return count;
};
