import type { CARD_TYPES } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { Card, CardTypeEnum } from "../cards/cards.graphql.ts";
import type { CardDesignDto, DesignLinks } from "./card-designs.schemas.ts";
import { cardDesignsFor, deleteCardDesign, designOfCard, setCardTypeDesign } from "./card-designs.service.ts";

/** Card designs in the dashboard (issue 16); uploads are the REST calls of card-designs.rest.ts. */

const CardDesign = builder.objectRef<CardDesignDto>("CardDesign").implement({
  description: "A card design: a PNG card image (360x720) and its thumbnail (36x72), behind signed links.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    url: t.exposeString("url", { description: "A signed link to the card image; it expires." }),
    thumbnail_url: t.exposeString("thumbnail_url", { nullable: true, description: "Null until uploaded." }),
    card_types: t.expose("card_types", { type: [CardTypeEnum], description: "The card types it is chosen for." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const CardDesignPage = builder
  .objectRef<{ nodes: CardDesignDto[]; next_cursor: string | null }>("CardDesignPage")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [CardDesign] }),
      next_cursor: t.exposeString("next_cursor", { nullable: true }),
    }),
  });

const CardDesignLinks = builder.objectRef<DesignLinks>("CardDesignLinks").implement({
  description: "The design a card shows (its type's chosen design).",
  fields: (t) => ({
    id: t.exposeID("id"),
    url: t.exposeString("url"),
    thumbnail_url: t.exposeString("thumbnail_url", { nullable: true }),
  }),
});

builder.objectField(Card, "design", (t) =>
  t.field({
    type: CardDesignLinks,
    nullable: true,
    description: "The design chosen for this card's type; null for the standard look.",
    resolve: (card, _args, { kort, deps }) =>
      designOfCard(deps, kort, requireProject(kort).membership.projectId, card.card_type),
  }),
);

builder.queryField("card_designs", (t) =>
  t.field({
    type: CardDesignPage,
    description: "The company's card designs, newest first, paged by cursor.",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => cardDesignsFor(deps, requireProject(kort), args),
  }),
);

const CardTypeDesign = builder
  .objectRef<{ card_type: (typeof CARD_TYPES)[number]; design_id: string | null }>("CardTypeDesign")
  .implement({
    fields: (t) => ({
      card_type: t.expose("card_type", { type: CardTypeEnum }),
      design_id: t.exposeID("design_id", { nullable: true }),
    }),
  });

builder.mutationField("set_card_type_design", (t) =>
  t.field({
    type: CardTypeDesign,
    description: "Project owners: the design a card type shows (design_id null: the standard look).",
    args: {
      card_type: t.arg({ type: CardTypeEnum, required: true }),
      design_id: t.arg.id({ required: false }),
    },
    resolve: (_root, args, { kort, deps }) =>
      setCardTypeDesign(deps, requireProject(kort), {
        card_type: args.card_type,
        design_id: args.design_id === null || args.design_id === undefined ? null : String(args.design_id),
      }),
  }),
);

builder.mutationField("delete_card_design", (t) =>
  t.field({
    type: "ID",
    description: "Project owners: delete a card design; its card types show the standard look again.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) =>
      (await deleteCardDesign(deps, requireProject(kort), String(args.id))).id,
  }),
);
