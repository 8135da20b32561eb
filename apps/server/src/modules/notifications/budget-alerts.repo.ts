import { sql } from "drizzle-orm";
import { bigintValue } from "../../platform/db/bigint.ts";
import type { Executor } from "../../platform/db/client.ts";

export type NewBudgetAlert = {
  project_id: string;
  team_id: string;
  team_name: string;
  level: 80 | 100;
  spent: number;
  budget: number;
  recipients: Recipient[];
};

export type Recipient = { user_id: string; email: string; full_name: string; locale: string };

type Raw = {
  project_id: string;
  team_id: string;
  team_name: string;
  level: number;
  spent: string | number;
  budget: string | number;
  recipients: Recipient[] | null;
};

/**
 * Records the alerts due for a billing period and answers only those it recorded now, each with who gets it.
 *
 * Where spend crosses a threshold is read from the running balances (docs/balances.md), never from a sum over the
 * ledger: the team's `M` row of spend_balances for the period, one row by primary key per team with a budget. Spend
 * is retail + ATM, net of refunds, pending authorizations included (what the company has committed). Thresholds
 * are compared in integers (spent * 100 >= budget * level), no floats. The insert into team_budget_alerts with
 * `on conflict do nothing` is what makes each (team, period, level) go out once, also with two servers running the
 * job at once. Recipients: the team's admins and the company's owners, once each.
 */
export const recordDueBudgetAlerts = async (tx: Executor, periodStart: Date, now: Date): Promise<NewBudgetAlert[]> => {
  const result = await tx.execute<Raw>(sql`
    with spent as (
      select t.project_id, t.id as team_id, t.name as team_name, t.monthly_budget as budget,
             b.retail_sum + b.atm_sum as spent
        from teams t
        join spend_balances b
          on b.project_id = t.project_id and b.owner_id = t.id and b.kind = 'M' and b.starts_at = ${periodStart}
       where t.deleted_at is null and t.monthly_budget > 0
         and (b.retail_sum + b.atm_sum) * 100 >= t.monthly_budget * 80),
    due as (
      select s.*, l.level from spent s cross join (values (80), (100)) as l(level)
       where s.spent * 100 >= s.budget * l.level),
    recorded as (
      insert into team_budget_alerts (project_id, team_id, period_start, level, spent, budget, created_at)
      select project_id, team_id, ${periodStart}, level, spent, budget, ${now} from due
      on conflict do nothing
      returning project_id, team_id, level, spent, budget)
    select r.project_id, r.team_id, d.team_name, r.level, r.spent, r.budget,
           (select json_agg(json_build_object('user_id', u.id, 'email', u.email, 'full_name', u.full_name,
                                              'locale', u.locale) order by u.id)
              from users u
             where u.id in (select tm.user_id from team_members tm
                              join project_members m on m.project_id = tm.project_id and m.user_id = tm.user_id
                             where tm.project_id = r.project_id and tm.team_id = r.team_id and tm.is_admin
                            union
                            select pm.user_id from project_members pm
                             where pm.project_id = r.project_id and pm.role = 'project_owner')) as recipients
      from recorded r
      join due d on d.project_id = r.project_id and d.team_id = r.team_id and d.level = r.level
     order by r.project_id, r.team_id, r.level`);
  return result.rows.map((row) => ({
    project_id: row.project_id,
    team_id: row.team_id,
    team_name: row.team_name,
    level: row.level === 100 ? 100 : 80,
    spent: bigintValue(row.spent),
    budget: bigintValue(row.budget),
    recipients: row.recipients ?? [],
  }));
};
