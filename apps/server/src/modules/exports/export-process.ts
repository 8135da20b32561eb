import { serveTasks } from "../../platform/jobs/task-process-child.ts";
import { runExport } from "./export-task.ts";

/**
 * The exports' own process (exports.module.ts): every export is written here, so a million-row XLSX holds this
 * process's memory, never the API's, and gives it back when the process ends after a while without work.
 */
serveTasks(runExport);
