// Prints the one closing line CI reads ("N passed, N failed") from the JSON reports that the unit and
// end-to-end runs write into .test-results/. Vitest's own summary is per run and in a form CI does not read.
import { readdirSync, readFileSync } from "node:fs";

const folder = ".test-results";
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(`${folder}/${file}`, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
