import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { resolveCardKey } from "./card-key-file.ts";
import { createCardSecrets, secretsEqual } from "./card-secrets.ts";

describe("card secrets", () => {
  const secrets = createCardSecrets(randomBytes(32));

  it("seals and opens, with a fresh IV each time", () => {
    const a = secrets.seal("4000001234567899", "card-1");
    const b = secrets.seal("4000001234567899", "card-1");
    expect(a.equals(b)).toBe(false);
    expect(a.toString("latin1")).not.toContain("4000001234567899");
    expect(secrets.open(a, "card-1")).toBe("4000001234567899");
  });

  it("refuses a ciphertext moved to another card, tampered with, or sealed with another key", () => {
    const sealed = secrets.seal("123", "card-1");
    expect(() => secrets.open(sealed, "card-2")).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => secrets.open(tampered, "card-1")).toThrow();
    expect(() => createCardSecrets(randomBytes(32)).open(sealed, "card-1")).toThrow();
  });

  it("derives a stable keyed lookup that differs between keys", () => {
    expect(secrets.panLookup("4000001234567899")).toBe(secrets.panLookup("4000001234567899"));
    expect(secrets.panLookup("4000001234567899")).not.toBe(
      createCardSecrets(randomBytes(32)).panLookup("4000001234567899"),
    );
    expect(() => createCardSecrets(randomBytes(16))).toThrow(RangeError);
  });

  it("compares secrets", () => {
    expect(secretsEqual("abc", "abc")).toBe(true);
    expect(secretsEqual("abc", "abd")).toBe(false);
    expect(secretsEqual("", "abc")).toBe(false);
  });
});

describe("the card key", () => {
  it("is made once into the data folder with mode 0600 and read back", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kort-card-key-"));
    try {
      const config = loadConfig({ KORT_DATA_DIR: dataDir });
      const first = await resolveCardKey(config);
      expect(first).toHaveLength(32);
      expect((await stat(path.join(dataDir, "card-key"))).mode & 0o777).toBe(0o600);
      expect((await resolveCardKey(config)).equals(first)).toBe(true);
      expect((await readFile(path.join(dataDir, "card-key"), "utf8")).trim()).toBe(first.toString("base64"));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("comes from KORT_CARD_KEY, must be 32 bytes, and is required in production on its own database", async () => {
    const key = randomBytes(32);
    expect((await resolveCardKey(loadConfig({ KORT_CARD_KEY: key.toString("base64") }))).equals(key)).toBe(true);
    expect(() => loadConfig({ KORT_CARD_KEY: randomBytes(8).toString("base64") })).toThrow();
    const production = loadConfig({ KORT_ENV: "production", DATABASE_URL: "postgres://localhost/kort" });
    await expect(resolveCardKey(production)).rejects.toThrow(/KORT_CARD_KEY/);
    expect(production.networkKey).toBeUndefined();
    expect(loadConfig({}).networkKey).toBe("demo-network-key");
  });
});
