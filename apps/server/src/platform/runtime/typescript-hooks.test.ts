import { execFileSync } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { TYPESCRIPT_LOADER } from "./loader.ts";
// @ts-expect-error: plain JavaScript (a module hook), without types of its own.
import { load } from "./typescript-hooks.mjs";

const passOn = async () => ({ format: "builtin", source: null, passed: true });

describe("the server's TypeScript loader", () => {
  it("compiles a .ts module without keepNames' wrappers, with a source map, and passes other files on", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "kort-ts-"));
    const file = path.join(folder, "closures.ts");
    await writeFile(
      file,
      "type N = number;\nexport const adder = (a: N) => { const add = (b: N) => a + b; return add; };\n",
    );
    const loaded = await load(pathToFileURL(file).href, {}, passOn);
    expect(loaded.format).toBe("module");
    expect(loaded.source).not.toContain("__name");
    expect(loaded.source).not.toContain("type N");
    expect(loaded.source).toContain("sourceMappingURL=data:application/json");
    expect(await load("node:fs", {}, passOn)).toMatchObject({ passed: true });
    expect(await load(pathToFileURL(path.join(folder, "plain.mjs")).href, {}, passOn)).toMatchObject({ passed: true });
  });

  it("runs a TypeScript program whose imports carry .ts, and its errors point at the TypeScript lines", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "kort-ts-"));
    await writeFile(
      path.join(folder, "shape.ts"),
      "export type Shape = { side: number };\nexport const area = (s: Shape): number => s.side * s.side;\n",
    );
    await writeFile(
      path.join(folder, "main.ts"),
      [
        'import { area, type Shape } from "./shape.ts";',
        "const square: Shape = { side: 3 };",
        "console.log(area(square));",
        "",
        'try { throw new Error("here"); } catch (error) { console.log((error as Error).stack?.split("\\n")[1]); }',
      ].join("\n"),
    );
    const output = execFileSync(process.execPath, ["--import", TYPESCRIPT_LOADER, path.join(folder, "main.ts")], {
      encoding: "utf8",
      timeout: 20_000,
    });
    const [printed, frame] = output.trim().split("\n");
    expect(printed).toBe("9");
    expect(frame).toContain("main.ts:5");
  });
});
