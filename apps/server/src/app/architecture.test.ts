import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCircles, importGraph } from "./import-graph.ts";

/**
 * The layering of ARCHITECTURE.md, checked on every run (issue 10): a rule that only a reviewer enforces drifts.
 *   - platform/ is infrastructure: it imports no module and, but for its tests' harness, not the composition root;
 *   - a module calls another module's service, never its repository;
 *   - core imports nothing of the apps, and the web app nothing of the server;
 *   - no import circles anywhere.
 */

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const SERVER = path.join(ROOT, "apps/server/src");
const graph = importGraph([SERVER, path.join(ROOT, "packages/core/src"), path.join(ROOT, "apps/web/src")]);
const rel = (file: string) => path.relative(ROOT, file);

const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from: rel(from), to: rel(to) })));
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const under = (file: string, dir: string) => file.startsWith(`${dir}/`);
const moduleOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];

describe("the import graph", () => {
  it("is read from the source: it knows the server's modules and their imports", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from === "apps/server/src/app/modules.ts" && moduleOf(e.to) === "cards")).toBe(true);
  });

  it("has platform/ import no module", () => {
    const wrong = edges.filter(
      (e) => under(e.from, "apps/server/src/platform") && under(e.to, "apps/server/src/modules"),
    );
    expect(wrong).toEqual([]);
  });

  it("has platform/ import the composition root only from tests' harness", () => {
    const wrong = edges.filter(
      (e) =>
        under(e.from, "apps/server/src/platform") &&
        under(e.to, "apps/server/src/app") &&
        !(isTest(e.from) && under(e.to, "apps/server/src/app/testing")),
    );
    expect(wrong).toEqual([]);
  });

  it("has no module import another module's repository", () => {
    const wrong = edges.filter((e) => {
      const from = moduleOf(e.from);
      const to = moduleOf(e.to);
      return from !== undefined && to !== undefined && from !== to && /\.repo\.ts$/.test(e.to);
    });
    expect(wrong).toEqual([]);
  });

  it("has core import nothing of the apps, and the web app nothing of the server", () => {
    const wrong = edges.filter(
      (e) =>
        (under(e.from, "packages/core") && !under(e.to, "packages/core")) ||
        (under(e.from, "apps/web") && under(e.to, "apps/server")),
    );
    expect(wrong).toEqual([]);
  });

  it("has no import circles", () => {
    expect(importCircles(graph).map((circle) => circle.map(rel))).toEqual([]);
  });
});
