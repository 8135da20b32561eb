import { Busboy, type BusboyInstance } from "@fastify/busboy";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/**
 * File uploads (multipart/form-data), read by the route that takes them and only after it has asked the policy:
 * Fastify hands such a body to nobody (the parser below leaves it on the socket), so a caller without the right
 * never has a byte read, and a route that takes no file refuses it (rest.ts). One file per request, held in memory
 * up to the route's limit and no further: past it the reading stops, and the client hears so at once.
 */

/** Room for the multipart envelope (boundaries, part headers, a few small fields) beyond the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export type UploadedFile = {
  fileName: string;
  /** The part's Content-Type as the client said it: a claim, never trusted for what the file is. */
  declaredType: string;
  data: Buffer;
};

export type UploadResult = { status: "ok"; file: UploadedFile } | { status: "too_large" };

/** Requests whose body was left unread: their answer closes the connection instead of draining a large body. */
const abandoned = new WeakSet<FastifyRequest>();
/** Requests whose file the route read (readUpload); an upload refused before that (the policy said no) was not. */
const read = new WeakSet<FastifyRequest>();

export const isMultipart = (request: FastifyRequest): boolean =>
  /^multipart\/form-data\s*;/i.test(request.headers["content-type"] ?? "");

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set by rest.ts on the routes that take a file (a route's `upload`). */
    acceptsUpload?: boolean;
  }
}

/**
 * Lets multipart bodies through Fastify unread to the routes that take a file, refuses them everywhere else
 * (GraphQL included, which would otherwise parse uploads of its own), and closes the connection after answering a
 * request whose body was left unread.
 */
export const registerMultipart = (app: FastifyInstance): void => {
  app.addContentTypeParser("multipart/form-data", (request, _payload, done) => {
    if (request.routeOptions.config.acceptsUpload) return done(null);
    abandoned.add(request);
    done(new AppError("BAD_REQUEST", "This call takes no file.", { reason: "unsupported_media_type" }));
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const unread = request.routeOptions.config.acceptsUpload && isMultipart(request) && !read.has(request);
    if (unread || abandoned.has(request)) reply.header("connection", "close");
    done(null, payload);
  });
};

const malformed = (reason: string) =>
  new AppError("BAD_REQUEST", "The upload could not be read.", { reason: "malformed_multipart", detail: reason });

const missing = (field: string) =>
  new AppError("VALIDATION_FAILED", "The request is not valid.", {
    issues: [{ path: field, code: "required", message: "validation.required" }],
  });

/** The name the client gave: its last path segment (old browsers send the whole path), NFC, no control characters. */
const cleanFileName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, "")
    .replace(/[\uD800-\uDFFF]/g, "")
    .trim()
    .slice(0, 200);

/**
 * Reads the one file of a multipart request from its `field`, at most `maxBytes` of it. A body declared larger
 * than that (plus the envelope) is refused before a byte is read; one that grows past it while streaming stops
 * there. Either way the answer is `too_large`, and the caller chooses its error.
 */
export const readUpload = (
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<UploadResult> => {
  if (!isMultipart(request)) {
    throw new AppError("BAD_REQUEST", "Send the file as multipart/form-data.", {
      reason: "unsupported_media_type",
      expected: "multipart/form-data",
    });
  }
  read.add(request);
  const declared = Number(request.headers["content-length"]);
  const limit = options.maxBytes + ENVELOPE_BYTES;
  if (Number.isFinite(declared) && declared > limit) {
    abandoned.add(request);
    return Promise.resolve({ status: "too_large" });
  }

  return new Promise<UploadResult>((resolve, reject) => {
    const raw = request.raw;
    let settled = false;
    let file: UploadedFile | undefined;
    const finish = (outcome: { result: UploadResult } | { error: Error }) => {
      if (settled) return;
      settled = true;
      raw.off("aborted", onAborted);
      if ("error" in outcome) reject(outcome.error);
      else resolve(outcome.result);
    };
    /** Stops reading: the rest of a body of known, bounded length is drained; an unbounded one is cut off. */
    const stop = () => {
      raw.unpipe(parser);
      if (Number.isFinite(declared)) raw.resume();
      else abandoned.add(request);
    };
    const onAborted = () =>
      finish({ error: new AppError("BAD_REQUEST", "The upload was cut off.", { reason: "aborted" }) });

    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { ...request.headers, "content-type": request.headers["content-type"] ?? "" },
        defCharset: "utf8",
        limits: { files: 1, fileSize: options.maxBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
      });
    } catch (error) {
      throw malformed(error instanceof Error ? error.message : "unreadable");
    }

    const onError = (error: unknown) => {
      stop();
      finish({ error: malformed(error instanceof Error ? error.message : "unreadable") });
    };
    parser.on("file", (fieldName, stream, fileName, _encoding, mimeType) => {
      // A body that ends inside a part errors the part's stream: unhandled, that would end the process.
      stream.on("error", onError);
      if (fieldName !== options.field || file !== undefined) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on("limit", () => {
        stop();
        finish({ result: { status: "too_large" } });
      });
      stream.on("end", () => {
        if (stream.truncated || settled) return;
        file = {
          fileName: cleanFileName(fileName ?? ""),
          declaredType: mimeType ?? "",
          data: Buffer.concat(chunks, size),
        };
      });
    });
    parser.on("finish", () => {
      if (file) finish({ result: { status: "ok", file } });
      else finish({ error: missing(options.field) });
    });
    parser.on("error", onError);
    raw.on("aborted", onAborted);
    raw.pipe(parser);
  });
};
