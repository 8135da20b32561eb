import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { TEXT_GROUP_NAMES, type TextGroup, textsOfGroup } from "./src/app/i18n/text-groups.ts";

const PREFIX = "virtual:texts/";
const LANGUAGES = ["is", "en"];

/**
 * Serves `virtual:texts/<language>/<group>`: the group's share of src/locales/<language>.json (text-groups.ts),
 * so each group is a chunk of its own. Used by the build and by the tests' Vite (vitest.config.ts).
 */
export const textGroups = (): Plugin => ({
  name: "kort-text-groups",
  resolveId(id) {
    return id.startsWith(PREFIX) ? `\0${id}` : undefined;
  },
  load(id) {
    if (!id.startsWith(`\0${PREFIX}`)) return undefined;
    const [language, group] = id.slice(PREFIX.length + 1).split("/");
    if (!language || !LANGUAGES.includes(language) || !TEXT_GROUP_NAMES.includes(group as TextGroup)) {
      throw new Error(`No text group ${id.slice(1)}`);
    }
    const file = path.resolve(import.meta.dirname, "src/locales", `${language}.json`);
    this.addWatchFile(file);
    const texts = textsOfGroup(JSON.parse(readFileSync(file, "utf8")), group as TextGroup);
    return `export default ${JSON.stringify(texts)};`;
  },
});
