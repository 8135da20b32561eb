import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";

/**
 * Optical character recognition on this machine (tesseract.js, LSTM only, Icelandic and English): a receipt never
 * leaves the company's server. Nothing is fetched at run time: the language data comes from the npm packages
 * `@tesseract.js-data/isl` and `@tesseract.js-data/eng` (best_int), copied into one folder that is passed as
 * `langPath` (tesseract.js 7 fails on the `langs: [{ code, data }]` form), with `cacheMethod: "none"` so nothing is
 * written to the working folder. One long-lived worker per process, started on the first receipt.
 */

const LANGUAGES = ["isl", "eng"] as const;
/** Longest a picture may take to read; past it the receipt is marked unread, never an error. */
export const OCR_TIMEOUT_MS = 30_000;

let worker: Promise<Worker> | undefined;

const languageFolder = async (): Promise<string> => {
  const require = createRequire(import.meta.url);
  const folder = path.join(tmpdir(), "kort-tesseract-best-int-4.0.0");
  await mkdir(folder, { recursive: true });
  for (const code of LANGUAGES) {
    const data = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    await copyFile(
      path.join(data, "4.0.0_best_int", `${code}.traineddata.gz`),
      path.join(folder, `${code}.traineddata.gz`),
    );
  }
  return folder;
};

const startWorker = async (): Promise<Worker> => {
  const { createWorker, OEM } = await import("tesseract.js");
  return createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
    langPath: await languageFolder(),
    cacheMethod: "none",
    gzip: true,
  });
};

const timeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** One picture at a time on the worker, each with its own timeout. */
let turn: Promise<unknown> = Promise.resolve();

const withWorker = <T>(read: (worker: Worker) => Promise<T>): Promise<T> => {
  const mine = turn.then(async () => {
    worker ??= startWorker().catch((error: unknown) => {
      worker = undefined;
      throw error;
    });
    return read(await timeout(worker, OCR_TIMEOUT_MS, "Starting OCR"));
  });
  turn = mine.catch(() => undefined);
  return mine;
};

/** The text of a picture (PNG or JPEG bytes). */
export const recognizeText = (image: Buffer): Promise<{ text: string; confidence: number }> =>
  withWorker(async (ready) => {
    const { data } = await timeout(ready.recognize(image), OCR_TIMEOUT_MS, "OCR");
    return { text: data.text, confidence: data.confidence / 100 };
  });

/** Ends the worker (tests, shutdown): a process with one left running does not exit. */
export const stopOcr = async (): Promise<void> => {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate();
};
