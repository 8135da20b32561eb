import { serialThread } from "../../platform/runtime/serial-thread.ts";

/**
 * HEIC (HEVC in HEIF, what an iPhone's camera writes) to pixels. The prebuilt libvips under sharp decodes HEIF only
 * with AV1, so a phone's photo is decoded by libheif compiled to WebAssembly (heic-decode), in a thread of its own
 * (heic-decoder.worker.mjs): a 12 MP photo takes about 3 s of one core, which must not stall the server's requests.
 * One picture at a time per process; the thread starts on the first HEIC and ends when idle, since libheif keeps
 * the memory of the largest picture it decoded.
 */

/** RGBA pixels, for sharp's `raw` input. */
export type DecodedHeic = { width: number; height: number; pixels: Buffer };

/** Pictures larger than this are not decoded (about 40 MP; a phone's is 12 to 48). */
const MAX_PIXELS = 50_000_000;
/** A picture that takes longer is given up and its thread ended: a decode never hangs the reading of a receipt. */
const DECODE_TIMEOUT_MS = 30_000;
/** An idle thread ends after this long. */
const IDLE_MS = 30_000;

type Answer = { error?: string; width?: number; height?: number; pixels?: ArrayBuffer };

const thread = serialThread<{ data: Buffer; maxPixels: number }, Answer>(
  new URL("./heic-decoder.worker.mjs", import.meta.url),
  { idleMs: IDLE_MS },
);

/**
 * The picture of a HEIC file, or null when it has none this server can decode (broken, not HEVC or AV1, larger
 * than MAX_PIXELS, or slower than the timeout).
 */
export const decodeHeic = async (data: Buffer, timeoutMs: number = DECODE_TIMEOUT_MS): Promise<DecodedHeic | null> => {
  const answer = await thread.run({ data, maxPixels: MAX_PIXELS }, { timeoutMs });
  return answer?.pixels && answer.width && answer.height
    ? { width: answer.width, height: answer.height, pixels: Buffer.from(answer.pixels) }
    : null;
};

/** Ends the decoding thread now (tests, and a server that stops). */
export const stopHeicDecoder = (): void => thread.stop();
