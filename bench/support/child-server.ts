import { spawn } from "node:child_process";
import type { Server } from "node:http";
import { createInterface } from "node:readline";

/**
 * A floor server in a process of its own, as Kort runs in one: neither side then shares its event loop with the load
 * generator. The child is `file` run with tsx; it listens on a free port of 127.0.0.1 and says so (`announce`), and it
 * stops by itself when its parent goes (its stdin closes).
 */
export type ChildServer = { url: string; pid: number | undefined; stop(): Promise<void> };

/** Node options for the floor servers only (`KORT_BENCH_FLOOR_NODE_ARGS`), to profile a floor as Kort is profiled. */
const floorNodeArgs = (process.env.KORT_BENCH_FLOOR_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== "");

export const startChildServer = async (file: string, env: Record<string, string>): Promise<ChildServer> => {
  const child = spawn(process.execPath, [...floorNodeArgs, "--import", "tsx", file], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code} before listening`)));
    lines.on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
};

/** The child's side: listen, tell the parent the port, and exit when the parent's end of stdin closes. */
export const announce = async (server: Server): Promise<void> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  process.stdin.on("end", () => process.exit(0));
  process.stdin.resume();
  console.log(`listening ${typeof address === "object" && address !== null ? address.port : 0}`);
};
