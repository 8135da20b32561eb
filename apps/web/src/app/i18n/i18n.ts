import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, parseLanguage, readStoredLanguage, storeLanguage } from "./language.ts";
import type { LazyTextGroup, TextGroup } from "./text-groups.ts";

type Load = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's catalogue in groups (text-groups.ts), each a chunk of its own, loaded when first needed: core
 * before the first render, the others with the pages that use them. A person reading Icelandic never downloads
 * the English texts. Every key is in both (catalogues.test.ts), so no fallback is needed.
 */
const catalogues: Record<Language, Record<TextGroup, Load>> = {
  is: {
    core: () => import("virtual:texts/is/core"),
    dashboard: () => import("virtual:texts/is/dashboard"),
    legal: () => import("virtual:texts/is/legal"),
    employeeApp: () => import("virtual:texts/is/employeeApp"),
  },
  en: {
    core: () => import("virtual:texts/en/core"),
    dashboard: () => import("virtual:texts/en/dashboard"),
    legal: () => import("virtual:texts/en/legal"),
    employeeApp: () => import("virtual:texts/en/employeeApp"),
  },
};

/** The lazy groups some page has asked for: a change of language loads them in the new language too. */
const wanted = new Set<LazyTextGroup>();
const loaded = new Set<string>();

const ensureGroup = async (language: Language, group: TextGroup): Promise<void> => {
  const key = `${language}/${group}`;
  if (loaded.has(key)) return;
  const { default: texts } = await catalogues[language][group]();
  // Deep merge into the one namespace: a key reads the same whichever group brought it.
  i18next.addResourceBundle(language, "translation", texts, true, false);
  loaded.add(key);
};

const applyToDocument = (language: Language): void => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

/**
 * Settles once the language is known and its core texts are in. The router starts loading the first page (and
 * its texts) as soon as it is created, which can be before main.tsx has run initI18n: loadTexts waits for this.
 */
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export const initI18n = async (): Promise<void> => {
  const language = readStoredLanguage();
  applyToDocument(language);
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  await ensureGroup(language, "core");
  markReady();
};

/** The language the interface shows now. */
export const currentLanguage = (): Language => parseLanguage(i18next.resolvedLanguage ?? i18next.language);

/** Loads a group of texts for the language shown (and for any language shown later); pages await it. */
export const loadTexts = async (group: LazyTextGroup): Promise<void> => {
  wanted.add(group);
  await ready;
  await ensureGroup(currentLanguage(), group);
};

export const changeLanguage = async (language: Language): Promise<void> => {
  await Promise.all([ensureGroup(language, "core"), ...[...wanted].map((group) => ensureGroup(language, group))]);
  storeLanguage(language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
};
