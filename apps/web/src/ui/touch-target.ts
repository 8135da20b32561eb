import { useTranslation } from "react-i18next";

/** Touch targets of the employee app and of dialogs it shares with the dashboard. */

/** Issue 17: every touch target is at least 44 px square (Apple's and Google's guidance). */
export const TOUCH_TARGET = 44;

/**
 * A dialog's close button at the touch target's size (Mantine's default is 28 px). It is named here too: a dialog's
 * own `closeButtonProps` replace the theme's, name and all, which left these buttons nameless to a screen reader.
 */
export const useClose44 = () => {
  const { t } = useTranslation();
  return { size: TOUCH_TARGET, "aria-label": t("ui.close") } as const;
};

/**
 * A select that can be emptied, its clear button a touch target (Mantine's is 28 px): 44 px square with the usual
 * icon, alone in the input's right section while there is a value, the input tall enough to hold it inside its border.
 */
export const CLEARABLE_44 = {
  clearable: true,
  clearSectionMode: "clear",
  clearButtonProps: { style: { width: TOUCH_TARGET, height: TOUCH_TARGET } },
  rightSectionWidth: TOUCH_TARGET + 2,
  styles: { input: { height: TOUCH_TARGET + 2, minHeight: TOUCH_TARGET + 2 } },
} as const;
