/** What the dropdown searches in an option. */
export type Searchable = { title: string; subtitle?: string; search?: readonly string[] };

const normalise = (text: string): string => text.trim().toLocaleLowerCase();

/** Spec 2: a query matches the title, sub-title or search strings, case-insensitive and trimmed. */
export const matchesQuery = (option: Searchable, query: string): boolean => {
  const needle = normalise(query);
  if (needle === "") return true;
  const haystack = [option.title, option.subtitle ?? "", ...(option.search ?? [])];
  return haystack.some((text) => normalise(text).includes(needle));
};

export const filterOptions = <T extends Searchable>(options: readonly T[], query: string): T[] =>
  options.filter((option) => matchesQuery(option, query));

/** Picking the chosen option again clears the choice when the options are toggleable. */
export const nextSelection = (current: string | null, picked: string, toggleable: boolean): string | null =>
  toggleable && current === picked ? null : picked;
