/**
 * Group commit for one key (a lane of companies, so each company's hot balance): at most one batch per key in
 * flight. A request that
 * arrives while its key's batch runs waits; when the batch has committed, everything that waited is the next
 * batch, in arrival order. No timer: an idle key runs a request at once, a busy one batches exactly what queued
 * up while the database was committing. Inside one process only; the database's locks keep the rules across
 * processes (docs/balances.md, "Batches").
 *
 * `run` answers one result per item, in order; an item's own failure is an Error in its place (it fails that
 * item only). If `run` throws (the transaction failed), the batch's items are run again one by one, so one bad
 * request cannot fail its batch-mates.
 */
export type BatchRun<I, O> = (items: readonly I[]) => Promise<(O | Error)[]>;

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

/** A bound on a batch, so that its statements stay of a modest size. */
export const MAX_BATCH = 200;

export type Batcher<I, O> = { submit(key: string, item: I): Promise<O> };

export const createBatcher = <I, O>(run: BatchRun<I, O>, maxBatch = MAX_BATCH): Batcher<I, O> => {
  const queues = new Map<string, Waiting<I, O>[]>();

  const settle = (waiting: Waiting<I, O>, result: O | Error | undefined) => {
    if (result instanceof Error) waiting.reject(result);
    else if (result === undefined) waiting.reject(new Error("A batch answered fewer results than it was given"));
    else waiting.resolve(result);
  };

  const runOne = async (batch: Waiting<I, O>[]): Promise<void> => {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) settle(waiting, results[index]);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Which request broke the transaction is not known: each is decided again on its own, in order.
      for (const waiting of batch) await runOne([waiting]);
    }
  };

  const drain = async (key: string, queue: Waiting<I, O>[]): Promise<void> => {
    while (queue.length > 0) await runOne(queue.splice(0, maxBatch));
    queues.delete(key);
  };

  return {
    submit: (key, item) =>
      new Promise<O>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        const fresh = [{ item, resolve, reject }];
        queues.set(key, fresh);
        void drain(key, fresh);
      }),
  };
};
