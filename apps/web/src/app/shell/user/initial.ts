/** The avatar letter: the first letter of the name, capitalised (Icelandic letters included), or `?`. */
export const initialOf = (name: string | null | undefined): string => {
  const first = Array.from(name?.trim() ?? "")[0];
  return first ? first.toLocaleUpperCase("is") : "?";
};
