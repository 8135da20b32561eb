import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { resolveCardKey } from "./card-key-file.ts";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe("the card key file of demo mode", () => {
  it("is one key for processes that make it at the same moment in a shared folder", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "kort-card-key-"));
    folders.push(folder);
    const config = loadConfig({ KORT_ENV: "development", KORT_DATA_DIR: folder });
    const keys = await Promise.all(Array.from({ length: 8 }, () => resolveCardKey(config)));
    expect(new Set(keys.map((key) => key.toString("base64"))).size).toBe(1);
    expect(await resolveCardKey(config)).toEqual(keys[0]);
  });
});
