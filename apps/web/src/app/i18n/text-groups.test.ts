import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import is from "../../locales/is.json";
import { mergeTexts, TEXT_GROUP_NAMES, textsOfGroup } from "./text-groups.ts";

/** Every leaf's path, `a.b.c`. */
const leaves = (texts: unknown, prefix = ""): string[] =>
  typeof texts === "object" && texts !== null
    ? Object.entries(texts).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe("the catalogues' groups", () => {
  for (const [language, catalogue] of [
    ["is", is],
    ["en", en],
  ] as const) {
    it(`put every ${language} text in exactly one group`, () => {
      const groups = TEXT_GROUP_NAMES.map((group) => leaves(textsOfGroup(catalogue, group)));
      const all = groups.flat();
      expect(all.length).toBe(new Set(all).size);
      expect(new Set(all)).toEqual(new Set(leaves(catalogue)));
      const merged = TEXT_GROUP_NAMES.reduce((texts, group) => mergeTexts(texts, textsOfGroup(catalogue, group)), {});
      expect(merged).toEqual(catalogue);
    });
  }

  it("keep the dashboard's and the legal texts out of the first load", () => {
    const core = textsOfGroup(is, "core") as Record<string, Record<string, unknown>>;
    expect(core.cards).toBeUndefined();
    expect(core.public?.terms).toBeUndefined();
    expect(core.public?.invite).toBeDefined();
  });
});
