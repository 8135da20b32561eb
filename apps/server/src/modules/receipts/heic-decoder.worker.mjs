// The HEIC decoder's thread (heic-decoder.ts). Plain JavaScript so that it runs as it is, whatever runs the
// server. libheif (WebAssembly) decodes synchronously and a phone's 12 MP photo takes seconds: here it blocks this
// thread only. Each message is one picture; the answer carries its pixels (RGBA) or the reason it has none.
import { parentPort } from "node:worker_threads";
import decode from "heic-decode";

// libheif prints why a file failed to the console; the answer below carries that it failed, and the server's log
// is not the place for a file's inner structure.
console.log = () => {};
console.error = () => {};
console.warn = () => {};

parentPort.on("message", async ({ id, data, maxPixels }) => {
  try {
    const images = await decode.all({ buffer: new Uint8Array(data) });
    try {
      const [first] = images;
      // The size is read from the container before any pixel is decoded: a small file can claim a huge picture.
      if (first.width * first.height > maxPixels) {
        parentPort.postMessage({ id, error: "too_large" });
        return;
      }
      const { width, height, data: pixels } = await first.decode();
      parentPort.postMessage({ id, width, height, pixels: pixels.buffer }, [pixels.buffer]);
    } finally {
      images.dispose();
    }
  } catch {
    parentPort.postMessage({ id, error: "undecodable" });
  }
});
