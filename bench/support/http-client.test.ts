import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpRequest } from "./http-client.ts";

/** A node:http server on a free loopback port that counts the connections it was opened. */
const servers: Server[] = [];
const serve = async (handler: RequestListener): Promise<{ url: string; connections: () => number }> => {
  const server = createServer(handler);
  servers.push(server);
  let opened = 0;
  server.on("connection", () => {
    opened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, connections: () => opened };
};

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("the bench's HTTP client", () => {
  it("sends the method, path, headers and body, and reads the status and a Content-Length body", async () => {
    const server = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const echo = JSON.stringify({
          method: request.method,
          url: request.url,
          key: request.headers["x-network-key"],
          body: Buffer.concat(chunks).toString("utf8"),
        });
        response.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(echo) });
        response.end(echo);
      });
    });
    const answer = await httpRequest(`${server.url}/v1/network/authorizations?x=1`, {
      method: "POST",
      headers: { "x-network-key": "lykill" },
      body: JSON.stringify({ merchant_name: "Bónus" }),
    });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.json()).toEqual({
      method: "POST",
      url: "/v1/network/authorizations?x=1",
      key: "lykill",
      body: '{"merchant_name":"Bónus"}',
    });
  });

  it("reads a body that comes in many reads, and a chunked one, whole", async () => {
    const big = "á".repeat(400_000);
    const server = await serve((request, response) => {
      if (request.url === "/chunked") {
        response.writeHead(200, { "content-type": "text/plain" });
        for (let part = 0; part < 50; part += 1) response.write(`${part},`);
        response.end("end");
        return;
      }
      response.writeHead(200, { "content-length": Buffer.byteLength(big) });
      response.end(big);
    });
    expect((await httpRequest(`${server.url}/big`)).body.toString("utf8")).toBe(big);
    const chunked = await httpRequest(`${server.url}/chunked`);
    expect(chunked.body.toString("utf8")).toBe(`${Array.from({ length: 50 }, (_, part) => part).join(",")},end`);
  });

  it("reuses an idle connection, and opens another for calls at once", async () => {
    const server = await serve((_request, response) => response.end("ok"));
    await httpRequest(server.url);
    await httpRequest(server.url);
    expect(server.connections()).toBe(1);
    const answers = await Promise.all([httpRequest(server.url), httpRequest(server.url), httpRequest(server.url)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(server.connections()).toBe(3);
  });

  it("answers a call after the server closed the idle connection, and after `connection: close`", async () => {
    let served = 0;
    const server = await serve((request, response) => {
      served += 1;
      if (request.url === "/close") response.setHeader("connection", "close");
      response.end("ok");
      // The server drops the connection after this answer, as a keep-alive timeout does.
      if (request.url === "/drop") response.on("finish", () => request.socket.destroy());
    });
    await httpRequest(`${server.url}/drop`);
    expect((await httpRequest(server.url)).status).toBe(200);
    expect(server.connections()).toBe(2);
    await httpRequest(`${server.url}/close`);
    expect((await httpRequest(server.url)).status).toBe(200);
    expect(server.connections()).toBe(3);
    // Each call reached the server once: none was made again after an answer had begun.
    expect(served).toBe(4);
  });

  it("reports a status that is not 2xx as not ok, and a refused connection as an error", async () => {
    const server = await serve((_request, response) => {
      response.statusCode = 503;
      response.end('{"code":"BUSY"}');
    });
    const answer = await httpRequest(server.url);
    expect(answer.ok).toBe(false);
    expect(answer.json()).toEqual({ code: "BUSY" });
    const closed = servers.pop();
    closed?.closeAllConnections();
    await new Promise((resolve) => closed?.close(resolve));
    await expect(httpRequest(server.url)).rejects.toThrow();
  });
});
