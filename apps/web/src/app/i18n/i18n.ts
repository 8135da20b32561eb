import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, parseLanguage, readStoredLanguage, storeLanguage } from "./language.ts";

/**
 * Each catalogue is a chunk of its own, loaded when its language is first shown: a person reading Icelandic
 * never downloads the English texts. Every key is in both (catalogues.test.ts), so no fallback is needed.
 */
const catalogues: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  is: () => import("../../locales/is.json"),
  en: () => import("../../locales/en.json"),
};

const ensureCatalogue = async (language: Language): Promise<void> => {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const { default: texts } = await catalogues[language]();
  i18next.addResourceBundle(language, "translation", texts);
};

const applyToDocument = (language: Language): void => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

export const initI18n = async (): Promise<void> => {
  const language = readStoredLanguage();
  applyToDocument(language);
  const { default: texts } = await catalogues[language]();
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
};

/** The language the interface shows now. */
export const currentLanguage = (): Language => parseLanguage(i18next.resolvedLanguage ?? i18next.language);

export const changeLanguage = async (language: Language): Promise<void> => {
  await ensureCatalogue(language);
  storeLanguage(language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
};
