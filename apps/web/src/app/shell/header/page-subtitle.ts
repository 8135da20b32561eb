import { useEffect, useSyncExternalStore } from "react";

/**
 * The header's sub-title as the page names it (a team's name instead of its id in the path). One page at a
 * time shows a sub-title, so one value is enough; the page clears it when it goes away.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const set = (value: string | null): void => {
  if (current === value) return;
  current = value;
  for (const listener of listeners) listener();
};

/** The sub-title the current page has given, if any. */
export const usePageSubtitle = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

/** Names the current page in the header while it is shown (null while its data loads). */
export const useNamePage = (name: string | null): void => {
  useEffect(() => {
    set(name);
    return () => set(null);
  }, [name]);
};
