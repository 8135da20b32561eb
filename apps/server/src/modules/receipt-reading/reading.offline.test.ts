import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Receipt reading with the network really off (issue 18): the OCR runs in a child process inside a new network
 * namespace (`unshare -rn`: only a loopback that is down), so neither the process nor tesseract's worker thread could
 * fetch language data from a CDN. Replacing `fetch` in the test's own thread would not reach that worker thread.
 * The child's working folder must stay empty: with `cacheMethod: "none"` no traineddata is written there.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, "testing", "read-offline.ts");
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;

/** Whether this machine lets an unprivileged process make its own network namespace (Linux, user namespaces on). */
const namespaces = spawnSync("unshare", ["-rn", "true"]).status === 0;

describe("reading a receipt without a network", () => {
  it.skipIf(!namespaces)(
    "reads Icelandic letters (á, ð, þ, æ, ö) and the fields, writing nothing to the working folder",
    { timeout: 120_000 },
    () => {
      const cwd = mkdtempSync(path.join(tmpdir(), "kort-offline-ocr-"));
      try {
        const child = spawnSync("unshare", ["-rn", process.execPath, "--import", tsx, script], {
          cwd,
          encoding: "utf8",
          timeout: 110_000,
        });
        expect(child.status, child.stderr).toBe(0);
        const out = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as {
          network: string;
          text: string;
          fields: { total: { value: number } | null; date: { value: string } | null };
          written: string[];
        };
        expect(out.network).toBe("unreachable");
        for (const word of ["Bónus", "Þorskflök", "Harðfiskur", "Hænuegg", "Ávaxtasafi"])
          expect(out.text).toContain(word);
        const lower = out.text.toLowerCase();
        for (const letter of ["á", "ð", "þ", "æ", "ö"]) expect(lower).toContain(letter);
        expect(out.fields.total?.value).toBe(4590);
        expect(out.fields.date?.value).toBe("2026-11-21");
        expect(out.written).toEqual([]);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    },
  );
});
