import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logsAt, requestLogger } from "./logger.ts";

/** A pino destination that keeps the parsed lines. */
const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
};

describe("a request's logger", () => {
  it("writes at the parent's level with the request's bindings, and nothing below it", async () => {
    const { lines, stream } = capture();
    const log = requestLogger(createLogger({ logLevel: "warn" }, stream), { reqId: "r-1" }, {});
    expect(logsAt(log, "info")).toBe(false);
    log.info({ step: 1 }, "below the level");
    log.warn({ step: 2 }, "at the level");
    log.error(new Error("boom"));
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ reqId: "r-1", step: 2, msg: "at the level" });
    expect(lines[1]).toMatchObject({ reqId: "r-1", err: { message: "boom" } });
  });

  it("follows a route's own level, and its children keep the request's bindings", async () => {
    const { lines, stream } = capture();
    const log = requestLogger(createLogger({ logLevel: "warn" }, stream), { reqId: "r-2" }, { level: "debug" });
    expect(log.level).toBe("debug");
    log.debug("a route's debug line");
    log.child({ part: "inner" }).warn("from a child");
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ reqId: "r-2", msg: "a route's debug line" });
    expect(lines[1]).toMatchObject({ reqId: "r-2", part: "inner", msg: "from a child" });
  });

  it("redacts what the parent redacts", async () => {
    const { lines, stream } = capture();
    const log = requestLogger(createLogger({ logLevel: "info" }, stream), { reqId: "r-3" }, {});
    log.info({ body: { pan: "4111111111111111" } }, "with a body");
    await expect.poll(() => lines.length).toBe(1);
    expect(JSON.stringify(lines[0])).not.toContain("4111111111111111");
  });
});
