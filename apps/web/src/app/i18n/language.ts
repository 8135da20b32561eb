import type { Locale } from "@kort/core";
import { readStored, STORAGE_KEYS, writeStored } from "../storage.ts";

/** The interface languages, as stored in `kort.locale`. */
export const LANGUAGES = ["is", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Icelandic first (spec 1: default locale is-IS). */
export const DEFAULT_LANGUAGE: Language = "is";

export const parseLanguage = (raw: string | null | undefined): Language =>
  LANGUAGES.find((language) => language === raw) ?? DEFAULT_LANGUAGE;

/** The locale the API and the shared formatters speak: `is-IS` or `en-US`. */
export const localeOf = (language: Language): Locale => (language === "is" ? "is-IS" : "en-US");

export const readStoredLanguage = (): Language => parseLanguage(readStored(STORAGE_KEYS.locale));

export const storeLanguage = (language: Language): void => writeStored(STORAGE_KEYS.locale, language);
