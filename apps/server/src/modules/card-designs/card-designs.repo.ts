import type { CardType } from "@kort/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { afterTimeCursor, type KeysetCursor } from "../../platform/db/keyset-cursor.ts";

/** Card designs and the design chosen per card type; every statement is scoped by the company. */

export type CardDesignRecord = {
  id: string;
  name: string;
  imageKey: string;
  thumbnailKey: string | null;
  createdAt: Date;
  /** The card types this design is chosen for. */
  cardTypes: CardType[];
};

type Raw = {
  id: string;
  name: string;
  image_key: string;
  thumbnail_key: string | null;
  created_at: string | Date;
  card_types: CardType[] | null;
};

const recordOf = (row: Raw): CardDesignRecord => ({
  id: row.id,
  name: row.name,
  imageKey: row.image_key,
  thumbnailKey: row.thumbnail_key,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  cardTypes: row.card_types ?? [],
});

const SELECT = sql`
  select d.id, d.name, d.image_key, d.thumbnail_key, d.created_at, d.created_at::text as time_key,
         (select array_agg(c.card_type::text order by c.card_type) from card_type_designs c
           where c.project_id = d.project_id and c.design_id = d.id) as card_types
    from card_designs d`;

export const insertDesign = async (
  db: Executor,
  input: { projectId: string; id: string; name: string; imageKey: string; createdBy: string; now: Date },
): Promise<void> => {
  await db.execute(sql`
    insert into card_designs (project_id, id, name, image_key, created_by, created_at, updated_at)
    values (${input.projectId}, ${input.id}, ${input.name}, ${input.imageKey}, ${input.createdBy}, ${input.now}, ${input.now})`);
};

/** Newest first by keyset on (created_at, id); `limit + 1` rows. */
export const designsPage = async (
  db: Executor,
  projectId: string,
  options: { cursor: KeysetCursor | null; limit: number },
): Promise<(CardDesignRecord & { timeKey: string })[]> => {
  const after = options.cursor ? sql`and ${afterTimeCursor(sql`d.created_at`, sql`d.id`, options.cursor)}` : sql``;
  const result = await db.execute<Raw & { time_key: string }>(sql`${SELECT}
     where d.project_id = ${projectId} ${after}
     order by d.created_at desc, d.id desc
     limit ${options.limit + 1}`);
  return result.rows.map((row) => ({ ...recordOf(row), timeKey: row.time_key }));
};

/** One design, locked for a change when `forUpdate`. */
export const findDesign = async (
  db: Executor,
  projectId: string,
  id: string,
  forUpdate = false,
): Promise<CardDesignRecord | null> => {
  const result = await db.execute<Raw>(sql`${SELECT}
     where d.project_id = ${projectId} and d.id = ${id} ${forUpdate ? sql`for update of d` : sql``}`);
  const row = result.rows[0];
  return row ? recordOf(row) : null;
};

/** Sets the thumbnail's key; answers the key it replaced. */
export const setThumbnailKey = async (
  db: Executor,
  input: { projectId: string; id: string; key: string; now: Date },
): Promise<void> => {
  await db.execute(sql`
    update card_designs set thumbnail_key = ${input.key}, updated_at = ${input.now}
     where project_id = ${input.projectId} and id = ${input.id}`);
};

/** Chooses the design for a card type, or none (null). */
export const chooseDesign = async (
  db: Executor,
  input: { projectId: string; cardType: CardType; designId: string | null; now: Date },
): Promise<void> => {
  if (input.designId === null) {
    await db.execute(sql`
      delete from card_type_designs where project_id = ${input.projectId} and card_type = ${input.cardType}`);
    return;
  }
  await db.execute(sql`
    insert into card_type_designs (project_id, card_type, design_id, chosen_at)
    values (${input.projectId}, ${input.cardType}, ${input.designId}, ${input.now})
    on conflict (project_id, card_type) do update set design_id = excluded.design_id, chosen_at = excluded.chosen_at`);
};

export const deleteDesign = async (db: Executor, projectId: string, id: string): Promise<void> => {
  await db.execute(sql`delete from card_designs where project_id = ${projectId} and id = ${id}`);
};

export type ChosenDesign = { cardType: CardType; id: string; hasThumbnail: boolean };

/** The designs chosen for the company's card types, in one statement: what every card of a list shows. */
export const chosenDesigns = async (db: Executor, projectId: string): Promise<ChosenDesign[]> => {
  const result = await db.execute<{ card_type: CardType; id: string; has_thumbnail: boolean }>(sql`
    select c.card_type, d.id, d.thumbnail_key is not null as has_thumbnail
      from card_type_designs c
      join card_designs d on d.project_id = c.project_id and d.id = c.design_id
     where c.project_id = ${projectId}`);
  return result.rows.map((row) => ({ cardType: row.card_type, id: row.id, hasThumbnail: row.has_thumbnail }));
};

/** The stored keys of one design, for its signed links' target. */
export const designKeys = async (
  db: Executor,
  projectId: string,
  id: string,
): Promise<{ imageKey: string; thumbnailKey: string | null } | null> => {
  const result = await db.execute<{ image_key: string; thumbnail_key: string | null }>(sql`
    select image_key, thumbnail_key from card_designs where project_id = ${projectId} and id = ${id}`);
  const row = result.rows[0];
  return row ? { imageKey: row.image_key, thumbnailKey: row.thumbnail_key } : null;
};
