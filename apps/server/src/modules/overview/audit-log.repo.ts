import type { AuditArea } from "@kort/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/**
 * The audited actions of each area of the audit log page (issue 16), as LIKE patterns on `audit_log.action`.
 * The writers name actions `<object>.<change>` (platform/audit); reads and sign-ins are not changes and stay out.
 */
export const AUDIT_AREA_ACTIONS: Record<AuditArea, readonly string[]> = {
  // Every change of a card, its limits included (also under LIMITS), and the holder's reveals of its details.
  CARDS: ["card.%"],
  LIMITS: [
    "card.set_limits",
    "team.set_limit_control",
    "team.set_budget",
    "user.set_limit_control",
    // Spend rules (issue 19): where cards may be used, the company's default, and the receipt lock and its lifts.
    "card.set_merchant_controls",
    "project.set_merchant_controls",
    "project.set_receipt_lock",
    "user.lift_receipt_lock",
    // How far a clearing may exceed its authorization before the card is locked (issue 13).
    "project.set_capture_tolerance",
  ],
  ROLES: ["user.set_role"],
  PEOPLE: ["invite.%", "user.remove_from_project", "team.add_user", "team.remove_user"],
  TEAMS: ["team.create", "team.patch", "team.delete", "team.set_visible_categories"],
  CATEGORIES: [
    "category.%",
    "dimension.%",
    "tax_category.%",
    // Automatic categorisation (issue 19): rules written, edited, deleted; proposals made, accepted, dismissed.
    "categorisation_rule.%",
    "categorisation_proposal.%",
    // The accounting page's company settings: the plan (dimensions a category may ask) and the receipt rule.
    "project.set_plan",
    "project.set_receipt_missing_days",
  ],
  EXPORTS: ["export.%", "scheduled_export.%"],
  INVOICES: ["invoice.%"],
  CREDIT: ["transfer.%", "credit.%"],
};

export type AuditFilter = {
  areas: readonly AuditArea[];
  actorId: string | null;
  /** [from, to): the days chosen, whole UTC days. */
  from: Date | null;
  to: Date | null;
};

export type AuditRecord = {
  id: string;
  action: string;
  object_type: string;
  object_id: string | null;
  actor_user_id: string | null;
  actor_name: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  /** The cursor's value for this row (keyset-cursor.ts, `timeKey`). */
  timeKey: string;
};

const actionsOf = (areas: readonly AuditArea[]): SQL => {
  const patterns = [...new Set(areas.flatMap((area) => AUDIT_AREA_ACTIONS[area]))];
  return sql`a.action like any (array[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[])`;
};

/**
 * One page of the company's audited changes, newest first, by keyset on (created_at, id): the project's index on
 * created_at (or on actor and created_at when filtered by who) walks the page; the actor's name is read per row of
 * the page only.
 */
export const auditPageStatement = (
  projectId: string,
  filter: AuditFilter,
  cursor: KeysetCursor | null,
  limit: number,
): SQL => {
  const conditions: SQL[] = [sql`a.project_id = ${projectId}`, actionsOf(filter.areas)];
  if (filter.actorId) conditions.push(sql`a.actor_user_id = ${filter.actorId}`);
  if (filter.from) conditions.push(sql`a.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`a.created_at < ${filter.to}`);
  if (cursor) conditions.push(afterTimeCursor(sql`a.created_at`, sql`a.id`, cursor));
  return sql`
    select a.id, a.action, a.object_type, a.object_id, a.actor_user_id,
           (select u.full_name from users u where u.id = a.actor_user_id) as actor_name, a.data, a.created_at,
           a.created_at::text as "timeKey"
      from audit_log a
     where ${sql.join(conditions, sql` and `)}
     order by a.created_at desc, a.id desc
     limit ${limit + 1}`;
};

export const auditPage = async (
  db: Executor,
  projectId: string,
  filter: AuditFilter,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<AuditRecord[]> => {
  const result = await db.execute<Omit<AuditRecord, "created_at"> & { created_at: string | Date }>(
    auditPageStatement(projectId, filter, cursor, limit),
  );
  return result.rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
};
