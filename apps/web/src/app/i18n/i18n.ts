import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../locales/en.json";
import is from "../../locales/is.json";
import { DEFAULT_LANGUAGE, type Language, parseLanguage, readStoredLanguage, storeLanguage } from "./language.ts";

export const resources = { is: { translation: is }, en: { translation: en } } as const;

const applyToDocument = (language: Language): void => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

export const initI18n = async (): Promise<void> => {
  const language = readStoredLanguage();
  applyToDocument(language);
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
};

/** The language the interface shows now. */
export const currentLanguage = (): Language => parseLanguage(i18next.resolvedLanguage ?? i18next.language);

export const changeLanguage = async (language: Language): Promise<void> => {
  storeLanguage(language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
};
