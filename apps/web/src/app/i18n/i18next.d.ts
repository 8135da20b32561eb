import "i18next";
import type is from "../../locales/is.json";

/** t() only accepts keys of the Icelandic catalogue; the catalogue test keeps English in step. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof is };
  }
}
