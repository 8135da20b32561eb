import { SegmentedControl, type SegmentedControlProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "./i18n.ts";
import { type Language, parseLanguage } from "./language.ts";
import { useLanguage } from "./useLocale.ts";

type LanguageSwitchProps = Pick<SegmentedControlProps, "size" | "fullWidth"> & {
  /** Told the new language after the switch (personal settings store it on the user too). */
  onChanged?: (language: Language) => void;
};

/** Íslenska | English; the choice is kept in `kort.locale`. Each language is named in itself. */
export function LanguageSwitch({ onChanged, ...props }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const data: Array<{ value: Language; label: string }> = [
    { value: "is", label: t("language.is") },
    { value: "en", label: t("language.en") },
  ];
  return (
    <SegmentedControl
      {...props}
      data={data}
      value={language}
      onChange={(value) => {
        const chosen = parseLanguage(value);
        void changeLanguage(chosen).then(() => onChanged?.(chosen));
      }}
      aria-label={t("language.label")}
      data-testid="language-switch"
    />
  );
}
