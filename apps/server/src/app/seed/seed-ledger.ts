import { MS_PER_DAY } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";

/**
 * The demo ledger as a bookkeeper leaves it (issue 12): settled purchases older than a week are mostly booked to
 * the chart by what the merchant sells (MCC), with the category's VAT and, where the category asks for it, the
 * department of the cardholder's team; the newest and a share of the older ones still wait for a category, so
 * the to-do lists have work in them.
 */

/** Merchant category codes to the demo chart's titles (seed-data.ts). */
const BY_MCC: Record<string, string> = {
  "5411": "Fæði og veitingar",
  "5311": "Annar kostnaður",
  "5541": "Bifreiðakostnaður",
  "4511": "Flugfargjöld",
  "5814": "Fæði og veitingar",
  "5732": "Skrifstofukostnaður",
  "5942": "Bækur og tímarit",
  "4111": "Ferðakostnaður",
  "4121": "Ferðakostnaður",
  "4814": "Sími og netþjónusta",
  "5912": "Annar kostnaður",
  "6300": "Annar kostnaður",
  "4816": "Hugbúnaður og áskriftir",
  "5734": "Hugbúnaður og áskriftir",
  "4722": "Gisting",
  "5712": "Skrifstofukostnaður",
};

/** Departments (the Deild dimension) by team name. */
const DEPARTMENT_OF_TEAM: Record<string, string> = { Sala: "Sala", Þróun: "Þróun", Markaðsmál: "Markaðsmál" };

export const seedDemoLedger = async (db: Db, input: { projectId: string; now: Date }): Promise<void> => {
  const booked = new Date(input.now.getTime() - 7 * MS_PER_DAY);
  const mapping = Object.entries(BY_MCC).map(([mcc, title]) => ({ mcc, title }));
  await db.transaction(async (tx) => {
    // Four in five of the week-old settled purchases, chosen by id so a reseed books the same ones.
    await tx.execute(sql`
      with map as (select * from jsonb_to_recordset(${JSON.stringify(mapping)}::jsonb) as m(mcc text, title text))
      update transactions t
         set category_id = c.id, tax_category_id = c.default_tax_category_id, updated_at = ${input.now}
        from map join categories c on c.title = map.title and c.project_id = ${input.projectId} and c.deleted_at is null
       where t.project_id = ${input.projectId} and t.mcc = map.mcc and t.closed_at is not null
         and t.transaction_date < ${booked} and t.category_id is null
         and get_byte(uuid_send(t.id), 15) % 5 <> 0`);
    // Purchases booked by their card's default category take that category's VAT too.
    await tx.execute(sql`
      update transactions t set tax_category_id = c.default_tax_category_id
        from categories c
       where c.id = t.category_id and t.project_id = ${input.projectId} and t.tax_category_id is null`);
    const departments = Object.entries(DEPARTMENT_OF_TEAM).map(([team, value]) => ({ team, value }));
    await tx.execute(sql`
      with map as (select * from jsonb_to_recordset(${JSON.stringify(departments)}::jsonb) as m(team text, value text))
      insert into transaction_dimension_values (project_id, transaction_id, dimension_id, dimension_value_id, created_at)
      select t.project_id, t.id, v.dimension_id, v.id, ${input.now}
        from transactions t
        join teams tm on tm.project_id = t.project_id and tm.id = t.team_id
        join map on map.team = tm.name
        join dimension_values v on v.title = map.value and v.project_id = t.project_id and v.deleted_at is null
        join dimensions d on d.project_id = v.project_id and d.id = v.dimension_id and d.title = 'Deild'
        join category_dimensions cd on cd.project_id = t.project_id and cd.category_id = t.category_id and cd.dimension_id = d.id
       where t.project_id = ${input.projectId} and t.category_id is not null
      on conflict do nothing`);
  });
};
