/** Touch targets of the employee app and of dialogs it shares with the dashboard. */

/** Issue 17: every touch target is at least 44 px square (Apple's and Google's guidance). */
export const TOUCH_TARGET = 44;

/** A dialog's close button at the touch target's size (Mantine's default is 28 px). */
export const CLOSE_44 = { size: TOUCH_TARGET } as const;

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
