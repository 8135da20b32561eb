import type { CardType } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { MerchantControlsInput } from "../spend-rules/spend-rules.graphql.ts";
import { createCard } from "./card-changes.service.ts";
import {
  changeCardholder,
  closeCard,
  lockCard,
  patchCard,
  setCardDefaultCategory,
  setCardLimits,
  setCardTeam,
  unlockCard,
} from "./card-edits.service.ts";
import { Card, CardLimitInput } from "./cards.graphql.ts";
import { getCardFor } from "./cards.service.ts";

/**
 * Spec 7, card mutations. Each resolver is thin: the service parses, loads the card of the caller's project, asks
 * the policy with it, changes it in one transaction with an audit row; the card is returned as it is now.
 */
const CreateCardInput = builder.inputType("CreateCardInput", {
  fields: (t) => ({
    cardholder_id: t.id({ required: true }),
    description: t.string({ required: false, description: "The card name: required, at most 30 characters." }),
    team_id: t.id({ required: false }),
    limits: t.field({ type: [CardLimitInput], required: true, description: "Exactly one entry." }),
    will_close_at: t.field({
      type: "DateTime",
      required: false,
      description: "Employee cards only; not before today; stored as 23:59:59.999 UTC of that day.",
    }),
    default_transaction_category_id: t.id({ required: false }),
    merchant_controls: t.field({
      type: MerchantControlsInput,
      required: false,
      description: "The card's own merchant controls (issue 19); none: the company's default applies.",
    }),
  }),
});

const createField = (cardType: CardType, description: string) =>
  builder.mutationField(cardType === "EMPLOYEE_EXPENSE" ? "create_employee_card" : "create_business_card", (t) =>
    t.field({
      type: Card,
      description,
      args: { input: t.arg({ type: CreateCardInput, required: true }) },
      resolve: async (_root, args, { kort, deps }) => {
        const ctx = requireProject(kort);
        return getCardFor(deps, ctx, await createCard(deps, ctx, cardType, args.input));
      },
    }),
  );
createField("EMPLOYEE_EXPENSE", "Issues a vendor card (EMPLOYEE_EXPENSE), optionally closing on a date.");
createField("BUSINESS_EXPENSE", "Issues a subscription card (BUSINESS_EXPENSE).");

type Change = Parameters<typeof closeCard>;
const byId = (name: string, description: string, change: (...args: Change) => Promise<string>) =>
  builder.mutationField(name, (t) =>
    t.field({
      type: Card,
      description,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, { kort, deps }) => {
        const ctx = requireProject(kort);
        return getCardFor(deps, ctx, await change(deps, ctx, args.id));
      },
    }),
  );
byId("close_card", "Closes the card for good (card close): a closed card never changes again.", closeCard);
byId("lock_card", "ACTIVE to LOCKED (card lock).", lockCard);
byId("unlock_card", "LOCKED to ACTIVE (card lock).", unlockCard);

builder.mutationField("patch_card", (t) =>
  t.field({
    type: Card,
    args: { id: t.arg.id({ required: true }), description: t.arg.string({ required: false }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getCardFor(deps, ctx, await patchCard(deps, ctx, args.id, { description: args.description }));
    },
  }),
);

builder.mutationField("set_card_limits", (t) =>
  t.field({
    type: Card,
    args: { id: t.arg.id({ required: true }), limits: t.arg({ type: [CardLimitInput], required: true }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getCardFor(deps, ctx, await setCardLimits(deps, ctx, args.id, { limits: args.limits }));
    },
  }),
);

builder.mutationField("change_cardholder", (t) =>
  t.field({
    type: Card,
    args: { id: t.arg.id({ required: true }), user_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getCardFor(deps, ctx, await changeCardholder(deps, ctx, args.id, args.user_id));
    },
  }),
);

builder.mutationField("set_card_team", (t) =>
  t.field({
    type: Card,
    args: { id: t.arg.id({ required: true }), team_id: t.arg.id({ required: false, description: "null: no team." }) },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getCardFor(deps, ctx, await setCardTeam(deps, ctx, args.id, args.team_id));
    },
  }),
);

builder.mutationField("set_card_default_category", (t) =>
  t.field({
    type: Card,
    args: {
      id: t.arg.id({ required: true }),
      category_id: t.arg.id({ required: false, description: "null: none." }),
    },
    resolve: async (_root, args, { kort, deps }) => {
      const ctx = requireProject(kort);
      return getCardFor(deps, ctx, await setCardDefaultCategory(deps, ctx, args.id, args.category_id));
    },
  }),
);
