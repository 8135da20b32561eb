import type { Executor } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";

export type AuditEntry = {
  /** `auth.sign_in.succeeded`, `auth.user.locked`, `invite.accepted`... */
  action: string;
  objectType: string;
  objectId?: string | null;
  projectId?: string | null;
  actorUserId?: string | null;
  data?: Record<string, unknown>;
  requestId?: string;
  /** The service clock, so time-based rules that read the log (three locks in 24 hours) agree with it. */
  at: Date;
};

const rowOf = (entry: AuditEntry) => ({
  action: entry.action,
  objectType: entry.objectType,
  objectId: entry.objectId ?? null,
  projectId: entry.projectId ?? null,
  actorUserId: entry.actorUserId ?? null,
  data: entry.data ?? {},
  requestId: entry.requestId ?? null,
  createdAt: entry.at,
});

/** Appends one row to audit_log, in the caller's transaction when given one. Rows are never changed. */
export const writeAudit = async (db: Executor, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values(rowOf(entry));
};

/** Rows a statement of `writeAudits` carries: 8 parameters each, well inside PostgreSQL's 65,535. */
const AUDIT_ROWS_PER_STATEMENT = 1_000;

/**
 * Appends the rows of one change of many objects (a selection's bulk change, a job's cards) in one statement per
 * thousand rows.
 */
export const writeAudits = async (db: Executor, entries: readonly AuditEntry[]): Promise<void> => {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_STATEMENT) {
    await db.insert(auditLog).values(entries.slice(start, start + AUDIT_ROWS_PER_STATEMENT).map(rowOf));
  }
};
