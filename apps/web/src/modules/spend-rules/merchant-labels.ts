import type { MerchantGroupId } from "@kort/core";

/** Merchant group names (issue 19; the MCCs of each are in @kort/core and docs/spend-rules.md). */
export const MERCHANT_GROUP_KEYS = {
  groceries: "spendRules.group.groceries",
  fuel: "spendRules.group.fuel",
  travel: "spendRules.group.travel",
  restaurants: "spendRules.group.restaurants",
  software: "spendRules.group.software",
  gambling: "spendRules.group.gambling",
  cash: "spendRules.group.cash",
} as const satisfies Record<MerchantGroupId, string>;

/** "This card cannot be used for gambling": one sentence per group, as Icelandic declines each differently. */
export const BLOCKED_GROUP_KEYS = {
  groceries: "spendRules.blockedGroup.groceries",
  fuel: "spendRules.blockedGroup.fuel",
  travel: "spendRules.blockedGroup.travel",
  restaurants: "spendRules.blockedGroup.restaurants",
  software: "spendRules.blockedGroup.software",
  gambling: "spendRules.blockedGroup.gambling",
  cash: "spendRules.blockedGroup.cash",
} as const satisfies Record<MerchantGroupId, string>;

/** A group's word in a list after "cannot be used for:" ("hjá:" takes the dative in Icelandic: spilavítum). */
export const LIST_GROUP_KEYS = {
  groceries: "spendRules.app.listGroup.groceries",
  fuel: "spendRules.app.listGroup.fuel",
  travel: "spendRules.app.listGroup.travel",
  restaurants: "spendRules.app.listGroup.restaurants",
  software: "spendRules.app.listGroup.software",
  gambling: "spendRules.app.listGroup.gambling",
  cash: "spendRules.app.listGroup.cash",
} as const satisfies Record<MerchantGroupId, string>;
