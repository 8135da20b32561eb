import "@mantine/dates/styles.css";
import "dayjs/locale/is";
import { formatDate, parseIsoDate } from "@kort/core";
import { DateInput, type DateInputProps, DatesProvider } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { localeOf } from "../../app/i18n/language.ts";
import { useLanguage } from "../../app/i18n/useLocale.ts";
import { parseDayText } from "./day-text.ts";

/** Icelandic weeks start on Monday (spec 1), and so do Kort's calendars in English. */
const MONDAY = 1;

export type DateFieldProps = Omit<
  DateInputProps,
  "value" | "defaultValue" | "onChange" | "valueFormat" | "dateParser" | "locale" | "minDate"
> & {
  /** The chosen day as `YYYY-MM-DD`, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /**
   * The first day that may be chosen (`YYYY-MM-DD`): earlier days are greyed out in the calendar. A typed earlier
   * day is still passed on, so the form can say why it refuses it rather than silently ignore the typing.
   */
  firstDay?: string;
};

/** The date field itself; pages use DateField, which loads this (and the calendar library) when first shown. */
export function DatePickerField({ value, onChange, firstDay, placeholder, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOf(language);
  const show = (day: string) => {
    const date = parseIsoDate(day.slice(0, 10));
    return date ? formatDate(date, locale) : day;
  };
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: MONDAY, weekendDays: [0, 6] }}>
      <DateInput
        {...props}
        value={value}
        onChange={(day) => onChange(day === null ? null : day.slice(0, 10))}
        valueFormat={show}
        dateParser={parseDayText}
        excludeDate={firstDay ? (day) => day.slice(0, 10) < firstDay : undefined}
        placeholder={placeholder ?? t("ui.dateField.placeholder")}
        leftSection={<IconCalendar size={16} stroke={1.5} />}
        clearable
        highlightToday
        popoverProps={{ withinPortal: true, ...props.popoverProps }}
      />
    </DatesProvider>
  );
}
