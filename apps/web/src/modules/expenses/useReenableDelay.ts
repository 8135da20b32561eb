import { useEffect, useState } from "react";

/** Spec 4 and 9: the table is re-enabled 350 ms after an update. */
export const TABLE_REENABLE_MS = 350;

/**
 * Whether the table is disabled: at once while `busy` (new rows on their way), and until `delayMs` after it
 * settles, so a click during the update never lands on a row that is about to move.
 */
export const useReenableDelay = (busy: boolean, delayMs = TABLE_REENABLE_MS): boolean => {
  const [disabled, setDisabled] = useState(busy);
  useEffect(() => {
    if (busy) {
      setDisabled(true);
      return;
    }
    const timer = setTimeout(() => setDisabled(false), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return busy || disabled;
};
