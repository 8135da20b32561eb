// Measures what the browser downloads before the first page (sign-in) can show: the entry script and every
// chunk it imports statically, gzip-compressed as served. Fails when over the budget of issue 10, or when any
// chunk is over the per-chunk budget. Run after `vite build` (npm run test:e2e does).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 200;
const dist = path.resolve(import.meta.dirname, "../dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Static imports of an ES module chunk: `import ... from "./x.js"` and `import "./x.js"` (not import()). */
const staticImports = (file) => {
  const code = readFileSync(path.join(dist, file), "utf8");
  const found = new Set();
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return found;
};

const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
// main.tsx awaits the default language's core texts before the first render: they are part of the first load.
const catalogue = Object.values(manifest).find((chunk) => chunk.src?.includes("virtual:texts/is/core"))?.file;
if (!catalogue) {
  console.error("The Icelandic core texts (virtual:texts/is/core) are not a chunk of the build.");
  process.exit(1);
}
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
if (catalogue) entries.push(catalogue);
const css = [...html.matchAll(/<link[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  for (const next of staticImports(file)) queue.push(next);
}
const js = [...seen].map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
const total = js.reduce((sum, item) => sum + item.gzip, 0);
for (const item of js) console.log(`  ${kb(item.gzip).toString().padStart(7)} KB  ${item.file}`);
console.log(`First load: ${kb(total)} KB of JavaScript (gzip) in ${js.length} files; budget ${BUDGET_KB} KB.`);
console.log(`Styles: ${css.map((file) => `${file} ${kb(gz(file))} KB`).join(", ")}`);

const all = readFileSync(path.join(dist, ".vite/manifest.json"), "utf8");
const chunks = Object.values(JSON.parse(all))
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith(".js"));
const oversized = chunks.filter((file) => gz(file) > BUDGET_KB * 1024);
if (total > BUDGET_KB * 1024 || oversized.length > 0) {
  console.error(`Over budget${oversized.length > 0 ? `: ${oversized.join(", ")} over ${BUDGET_KB} KB` : ""}`);
  process.exit(1);
}

// The employee app at /app (issue 17) has a budget of its own: the same entry, then its shell, its cards page and
// its Icelandic texts, each with what it imports. None of it may be dashboard code (the shell or a module's page).
// Measured 242 KB when set (the sign-in entry, Mantine's AppShell, Modal and PinInput): the budget keeps it near that.
const APP_BUDGET_KB = 260;
const APP_PAGES = ["src/mobile/AppShell.tsx", "src/mobile/MyCardsPage.tsx", "virtual:texts/is/employeeApp"];
const appFiles = new Set(seen);
const appQueue = [...APP_PAGES];
const visited = new Set();
while (appQueue.length > 0) {
  const key = appQueue.shift();
  if (visited.has(key)) continue;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) {
    console.error(`The employee app's ${key} is not a chunk of the build.`);
    process.exit(1);
  }
  if (chunk.file.endsWith(".js")) appFiles.add(chunk.file);
  for (const next of chunk.imports ?? []) appQueue.push(next);
}
const dashboardSources = Object.values(manifest)
  .filter((chunk) => /^src\/(app\/shell|modules)\//.test(chunk.src ?? ""))
  .map((chunk) => chunk.file);
const leaked = dashboardSources.filter((file) => appFiles.has(file));
const appTotal = [...appFiles].reduce((sum, file) => sum + gz(file), 0);
console.log(
  `Employee app first load: ${kb(appTotal)} KB of JavaScript (gzip) in ${appFiles.size} files; budget ${APP_BUDGET_KB} KB.`,
);
if (appTotal > APP_BUDGET_KB * 1024 || leaked.length > 0) {
  console.error(
    `Employee app over budget${leaked.length > 0 ? `, or loading dashboard code: ${leaked.join(", ")}` : ""}`,
  );
  process.exit(1);
}
