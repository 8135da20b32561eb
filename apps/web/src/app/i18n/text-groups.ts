/**
 * The catalogues are written as one file per language (locales/is.json, en.json) and shipped in groups, so the
 * sign-in page does not download the texts of every dashboard page: `core` is everything not named below and
 * loads before the first render; `dashboard` loads with the signed-in shell, `legal` with the terms and privacy
 * pages, `employeeApp` with the employee app at /app (routes.tsx). A key not listed here is core, so a new text is never missing, only early. The build splits
 * the files with the plugin in apps/web/text-groups.plugin.ts.
 */
export const TEXT_GROUPS = {
  dashboard: [
    "cards",
    "teams",
    "people",
    "accounting",
    "platform",
    "expenses",
    "transactions",
    "receipts",
    "exports",
    "overview",
    "notifications",
  ],
  legal: ["public.terms", "public.privacy"],
  employeeApp: ["employeeApp"],
} as const;

export type LazyTextGroup = keyof typeof TEXT_GROUPS;
export type TextGroup = "core" | LazyTextGroup;
export const TEXT_GROUP_NAMES: readonly TextGroup[] = ["core", ...(Object.keys(TEXT_GROUPS) as LazyTextGroup[])];

type Texts = Record<string, unknown>;

const isTexts = (value: unknown): value is Texts =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const pathsOf = (group: LazyTextGroup): string[][] => TEXT_GROUPS[group].map((key) => key.split("."));

/** The texts at `path`, nested as in the catalogue; empty when the catalogue has none there. */
const pick = (texts: Texts, path: readonly string[]): Texts => {
  const [head, ...rest] = path;
  if (head === undefined || !(head in texts)) return {};
  const value = texts[head];
  if (rest.length === 0) return { [head]: value };
  return isTexts(value) ? { [head]: pick(value, rest) } : {};
};

const without = (texts: Texts, path: readonly string[]): Texts => {
  const [head, ...rest] = path;
  if (head === undefined || !(head in texts)) return texts;
  const copy = { ...texts };
  if (rest.length === 0) {
    delete copy[head];
    return copy;
  }
  const value = copy[head];
  if (isTexts(value)) copy[head] = without(value, rest);
  return copy;
};

/** Deep merge: what `extra` has is added beside what `base` has. */
export const mergeTexts = (base: Texts, extra: Texts): Texts => {
  const merged: Texts = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isTexts(current) && isTexts(value) ? mergeTexts(current, value) : value;
  }
  return merged;
};

/** One group's share of a catalogue. */
export const textsOfGroup = (catalogue: Texts, group: TextGroup): Texts => {
  if (group !== "core") return pathsOf(group).reduce((texts, path) => mergeTexts(texts, pick(catalogue, path)), {});
  const lazy = (Object.keys(TEXT_GROUPS) as LazyTextGroup[]).flatMap(pathsOf);
  return lazy.reduce(without, catalogue);
};
