import { foreignKey, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, tenantRowId, timestamptz } from "./columns.ts";
import { cardType } from "./enums.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Card designs (spec 2, issue 16): a PNG card image of 360x720 px and its 36x72 px thumbnail, both in the blob
 * store under these keys. The thumbnail is uploaded second, so it may be missing for a while.
 */
export const cardDesigns = pgTable(
  "card_designs",
  {
    id: tenantRowId(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imageKey: text("image_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "card_designs_pkey", columns: [t.projectId, t.id] }),
    index("card_designs_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The design chosen for each card type of a company: its cards of that type show it. */
export const cardTypeDesigns = pgTable(
  "card_type_designs",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    cardType: cardType("card_type").notNull(),
    designId: uuid("design_id").notNull(),
    chosenAt: timestamptz("chosen_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "card_type_designs_pkey", columns: [t.projectId, t.cardType] }),
    // Deleting a design takes its choices with it: those cards show the standard look again.
    foreignKey({
      name: "card_type_designs_design_fk",
      columns: [t.projectId, t.designId],
      foreignColumns: [cardDesigns.projectId, cardDesigns.id],
    }).onDelete("cascade"),
    index("card_type_designs_design_idx").on(t.projectId, t.designId),
  ],
);
