import { Worker } from "node:worker_threads";

/**
 * A worker thread that runs one job at a time, for work that must not run on the server's own thread: work that
 * holds a core for seconds (decoding a phone's photo), or a library that changes the built-ins of the realm it is
 * loaded in (pdf.js's legacy build replaces JSON.stringify and JSON.parse with slower JavaScript of its own, which
 * made every JSON answer of the server many times slower once a PDF had been read).
 *
 * The thread starts on the first job and ends when idle, since what it loaded keeps its memory. A job that takes
 * longer than its timeout ends the thread and answers null, as does a thread that fails: a job never hangs its
 * caller, and the next job starts a fresh thread. The thread's script is plain JavaScript, so that it runs as it is
 * whatever runs the server; it answers each `{ id, ...job }` message with `{ id, ...answer }`.
 */
export type SerialThread<Job, Answer> = {
  /** The thread's answer, or null when it failed or took longer than `timeoutMs`. Jobs run one after another. */
  run(job: Job, options: { timeoutMs: number }): Promise<Answer | null>;
  /** Ends the thread now (tests, and a server that stops); the next job starts another. */
  stop(): void;
  /** Whether a thread is up (started and not ended). */
  running(): boolean;
};

export const serialThread = <Job extends object, Answer extends object>(
  script: URL,
  options: { idleMs: number },
): SerialThread<Job, Answer> => {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  /** Each job waits for the one before it. */
  let queue: Promise<unknown> = Promise.resolve();

  const stop = (): void => {
    clearTimeout(idleTimer);
    const ending = worker;
    worker = undefined;
    void ending?.terminate();
  };

  const threadOf = (): Worker => {
    if (!worker) {
      const started = new Worker(script);
      // The thread never keeps the process alive on its own.
      started.unref();
      // A thread that fails or ends between jobs is forgotten, so that the next job starts another instead of
      // waiting out its timeout on a dead one; a failure is its job's to report (runOne), never an 'error' event
      // without a listener, which would end the server.
      started.on("error", () => undefined);
      started.on("exit", () => {
        if (worker === started) worker = undefined;
      });
      worker = started;
    }
    return worker;
  };

  const runOne = (job: Job, timeoutMs: number): Promise<Answer | null> =>
    new Promise((resolve) => {
      clearTimeout(idleTimer);
      const thread = threadOf();
      const id = ++nextId;
      const done = (answer: Answer | null) => {
        clearTimeout(timer);
        thread.off("message", onMessage);
        thread.off("error", onFailure);
        thread.off("exit", onFailure);
        if (worker) idleTimer = setTimeout(stop, options.idleMs).unref();
        resolve(answer);
      };
      const onMessage = (message: { id: number } & Answer) => {
        if (message.id === id) done(message);
      };
      const onFailure = () => done(null);
      const timer = setTimeout(() => {
        stop();
        done(null);
      }, timeoutMs);
      thread.on("message", onMessage);
      thread.on("error", onFailure);
      thread.on("exit", onFailure);
      thread.postMessage({ ...job, id });
    });

  return {
    run: (job, { timeoutMs }) => {
      const answer = queue.then(() => runOne(job, timeoutMs));
      queue = answer.catch(() => undefined);
      return answer;
    },
    stop,
    running: () => worker !== undefined,
  };
};
