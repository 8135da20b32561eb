import { serveTasks } from "../../platform/jobs/task-process-child.ts";
import { readReceipt } from "./reading.service.ts";

/**
 * The receipts' reading process (receipt-reading.module.ts): OCR's engine, its language data and the PDF renderer
 * live here, never in the API's process, and are given back when the process ends after a while without receipts.
 */
serveTasks(readReceipt);
