/**
 * Reads a field for every object of a GraphQL answer together: graphql-js calls a field's resolver for each object of
 * a list in one turn, so the keys asked in that turn (of one request) are loaded by one call, one statement, instead
 * of one query per row. `load` answers a map; a key it leaves out resolves to undefined.
 */
export const requestBatcher = <K, V>(load: (keys: readonly K[]) => Promise<Map<K, V>>) => {
  const pending = new WeakMap<object, { keys: K[]; result: Promise<Map<K, V>> }>();
  return (request: object, key: K): Promise<V | undefined> => {
    let batch = pending.get(request);
    if (!batch) {
      const keys: K[] = [];
      const result = Promise.resolve().then(() => {
        pending.delete(request);
        return load(keys);
      });
      batch = { keys, result };
      pending.set(request, batch);
    }
    batch.keys.push(key);
    return batch.result.then((values) => values.get(key));
  };
};
