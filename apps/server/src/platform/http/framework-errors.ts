import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError, describeError, errorBody } from "../errors.ts";
import { bodyFor } from "./error-handler.ts";
import { NO_STORE, type SecurityHeaders, securityHeadersFor } from "./security-headers.ts";

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * parameter over maxParamLength, a URL that does not decode). Without it Fastify answers its own
 * `{ statusCode, error }` body without our code or our headers; with it, the same envelope, status
 * mapping and headers as every other answer.
 */
export const answerFrameworkError =
  (headers: SecurityHeaders) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const described = describeError(error);
    request.log.info({ method: request.method, status: described.status, code: described.code }, "request refused");
    reply
      .headers(securityHeadersFor(headers, request.url))
      .header("cache-control", NO_STORE)
      .status(described.status)
      .send(bodyFor(request, described));
  };

/** Node's HTTP parser errors, by code, as our error codes. */
const clientErrorCode = (error: NodeJS.ErrnoException) => {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return new AppError("HEADERS_TOO_LARGE", "The request headers are too large.");
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "ERR_HTTP_HEADERS_TIMEOUT":
      return new AppError("REQUEST_TIMEOUT", "The request did not arrive in time.");
    default:
      return new AppError("BAD_REQUEST", "The request is not valid HTTP.", { reason: error.code ?? "client_error" });
  }
};

/**
 * Fastify's `clientErrorHandler`: requests Node's parser rejects (headers over 16 KB, a malformed
 * request line, a client that never finishes). No request object exists, so the answer is written to
 * the socket by hand, as Node and Fastify do, but in our envelope and with our headers.
 */
export const answerClientError = (headers: SecurityHeaders) =>
  function (
    this: { log: { debug: (object: object, message: string) => void } },
    error: NodeJS.ErrnoException,
    socket: Socket,
  ): void {
    // A reset connection has nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const described = describeError(clientErrorCode(error));
    this.log.debug({ code: described.code, parserError: error.code }, "client error");
    const body = JSON.stringify(errorBody(described));
    const lines = [
      `HTTP/1.1 ${described.status} ${STATUS_CODES[described.status] ?? "Error"}`,
      // The body is JSON whatever was asked for: the API's set.
      ...Object.entries(headers.api).map(([name, value]) => `${name}: ${value}`),
      "content-type: application/json; charset=utf-8",
      `content-length: ${Buffer.byteLength(body)}`,
      `cache-control: ${NO_STORE}`,
      "connection: close",
    ];
    if (socket.writable) socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    socket.destroy(error);
  };
