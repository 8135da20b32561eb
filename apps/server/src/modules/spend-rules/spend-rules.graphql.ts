import { MERCHANT_CONTROL_MODES, MERCHANT_GROUP_IDS } from "@kort/core";
import { builder } from "../../platform/graphql/builder.ts";
import { requireProject } from "../../platform/http/context.ts";
import { cardMerchantControlsFor, setCardMerchantControls } from "./card-controls.service.ts";
import type {
  CardMerchantControlsDto,
  MerchantControlsDto,
  ReceiptLockDto,
  SpendRulesDto,
} from "./spend-rules.schemas.ts";
import {
  liftReceiptLockFor,
  receiptLocksFor,
  setProjectMerchantDefault,
  setReceiptLock,
  spendRulesFor,
} from "./spend-rules.service.ts";

/**
 * Issue 19's spend rules in the dashboard. Thin: the services parse, ask the policy with the object loaded (the
 * card, the company, the person) and change it in one transaction with an audit row.
 */

const MerchantControlModeEnum = builder.enumType("MerchantControlMode", {
  description: "ALLOW_ONLY: only the listed groups and merchants. BLOCK: anything but them.",
  values: MERCHANT_CONTROL_MODES,
});

const MerchantGroupEnum = builder.enumType("MerchantGroup", {
  description: "A group of merchant category codes (docs/spend-rules.md lists each group's MCCs).",
  values: MERCHANT_GROUP_IDS,
});

const MerchantControls = builder.objectRef<MerchantControlsDto>("MerchantControls").implement({
  fields: (t) => ({
    mode: t.field({ type: MerchantControlModeEnum, resolve: (row) => row.mode }),
    groups: t.field({
      type: [MerchantGroupEnum],
      resolve: (row) =>
        row.groups.filter((g): g is (typeof MERCHANT_GROUP_IDS)[number] => MERCHANT_GROUP_IDS.some((k) => k === g)),
    }),
    merchants: t.exposeStringList("merchants", {
      description: "Merchant names, matched trimmed and case-insensitively.",
    }),
  }),
});

export const MerchantControlsInput = builder.inputType("MerchantControlsInput", {
  fields: (t) => ({
    mode: t.field({ type: MerchantControlModeEnum, required: true }),
    groups: t.field({ type: [MerchantGroupEnum], required: true }),
    merchants: t.stringList({ required: true, description: "At most 50, each 1 to 100 characters." }),
  }),
});

const CardMerchantControls = builder.objectRef<CardMerchantControlsDto>("CardMerchantControls").implement({
  description: "A card's merchant controls: its own, or else the company's default.",
  fields: (t) => ({
    card_id: t.exposeID("card_id"),
    own: t.expose("own", { type: MerchantControls, nullable: true }),
    company_default: t.expose("company_default", { type: MerchantControls, nullable: true }),
    can_manage: t.exposeBoolean("can_manage", {
      description: "Whether the caller may change them (card manage-limits).",
    }),
  }),
});

const SpendRules = builder.objectRef<SpendRulesDto>("SpendRules").implement({
  description: "The company's default merchant controls and receipt lock.",
  fields: (t) => ({
    merchant_default: t.expose("merchant_default", { type: MerchantControls, nullable: true }),
    receipt_lock_days: t.exposeInt("receipt_lock_days", {
      nullable: true,
      description:
        "Cards of a person with a purchase without a receipt for more than this many days decline; null: off.",
    }),
    can_manage_merchant_default: t.exposeBoolean("can_manage_merchant_default"),
    can_manage_receipt_lock: t.exposeBoolean("can_manage_receipt_lock"),
  }),
});

const ReceiptLock = builder.objectRef<ReceiptLockDto>("ReceiptLock").implement({
  description: "A person whose cards decline because receipts are missing.",
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    name: t.exposeString("name"),
    missing_count: t.exposeInt("missing_count"),
    since: t.expose("since", { type: "DateTime", nullable: true }),
    lifted_until: t.expose("lifted_until", {
      type: "DateTime",
      nullable: true,
      description: "An owner let the person pay until then.",
    }),
  }),
});

const ReceiptLockPage = builder
  .objectRef<{ nodes: ReceiptLockDto[]; next_cursor: string | null }>("ReceiptLockPage")
  .implement({
    fields: (t) => ({
      nodes: t.expose("nodes", { type: [ReceiptLock] }),
      next_cursor: t.exposeString("next_cursor", { nullable: true }),
    }),
  });

builder.queryField("card_merchant_controls", (t) =>
  t.field({
    type: CardMerchantControls,
    description: "A card's merchant controls (card read).",
    args: { card_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => cardMerchantControlsFor(deps, requireProject(kort), String(args.card_id)),
  }),
);

builder.queryField("spend_rules", (t) =>
  t.field({
    type: SpendRules,
    description: "The company's spend rules (whoever may read cards).",
    resolve: (_root, _args, { kort, deps }) => spendRulesFor(deps, requireProject(kort)),
  }),
);

builder.queryField("receipt_locks", (t) =>
  t.field({
    type: ReceiptLockPage,
    description: "People locked for missing receipts, by name (project owners).",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    resolve: (_root, args, { kort, deps }) => receiptLocksFor(deps, requireProject(kort), args),
  }),
);

builder.mutationField("set_card_merchant_controls", (t) =>
  t.field({
    type: CardMerchantControls,
    description:
      "Sets a card's own merchant controls; null: the card follows the company's default (card manage-limits).",
    args: {
      card_id: t.arg.id({ required: true }),
      controls: t.arg({ type: MerchantControlsInput, required: false }),
    },
    resolve: (_root, args, { kort, deps }) =>
      setCardMerchantControls(deps, requireProject(kort), String(args.card_id), args.controls ?? null),
  }),
);

builder.mutationField("set_project_merchant_controls", (t) =>
  t.field({
    type: SpendRules,
    description: "The company's default merchant controls; null: none (card manage-limits on the company: owners).",
    args: { controls: t.arg({ type: MerchantControlsInput, required: false }) },
    resolve: (_root, args, { kort, deps }) =>
      setProjectMerchantDefault(deps, requireProject(kort), args.controls ?? null),
  }),
);

builder.mutationField("set_receipt_lock", (t) =>
  t.field({
    type: SpendRules,
    description: "Turns the receipt lock on with a grace period of 1 to 365 days, or off with null (owners).",
    args: { days: t.arg.int({ required: false }) },
    resolve: (_root, args, { kort, deps }) => setReceiptLock(deps, requireProject(kort), args.days ?? null),
  }),
);

builder.mutationField("lift_receipt_lock", (t) =>
  t.field({
    type: "DateTime",
    description: "Lets a locked person pay for 24 hours; answers until when (owners, audited).",
    args: { user_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => liftReceiptLockFor(deps, requireProject(kort), String(args.user_id)),
  }),
);
