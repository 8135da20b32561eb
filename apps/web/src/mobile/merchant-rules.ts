import { isMerchantGroupId } from "@kort/core";
import type { TFunction } from "i18next";
import { LIST_GROUP_KEYS } from "../modules/spend-rules/merchant-labels.ts";
import type { FundingSource } from "./mobile.api.ts";

type Controls = NonNullable<FundingSource["card"]["merchant_controls"]>;

/**
 * The sentence the holder reads on the card's screen (issue 19): "This card cannot be used for: gambling, cash", or
 * the allow-only list. Groups first in the server's order, then named merchants as written; a group id this build
 * does not know is left out, as the decision ignores it. An allow-only list of nothing passes nothing, and says so.
 */
export const merchantRulesText = (t: TFunction, controls: Controls): string => {
  const words = [
    ...controls.groups.filter(isMerchantGroupId).map((group) => t(LIST_GROUP_KEYS[group])),
    ...controls.merchants,
  ];
  if (words.length === 0) return controls.mode === "ALLOW_ONLY" ? t("spendRules.app.cardRules.ALLOW_NOTHING") : "";
  const key = controls.mode === "ALLOW_ONLY" ? "spendRules.app.cardRules.ALLOW_ONLY" : "spendRules.app.cardRules.BLOCK";
  return t(key, { list: words.join(", ") });
};
