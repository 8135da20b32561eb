import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../storage.ts";
import { readSelectedProjectId, storeSelectedProjectId } from "./selected-project.ts";

const listeners = new Set<() => void>();

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.project) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
};

/**
 * Selects the project: `kort.project` is what the API client sends as `X-Project-Id`, so the stored value is
 * the one source of truth and the interface follows it (also when another tab changes it).
 */
export const selectProject = (id: string | null): void => {
  if (readSelectedProjectId() === id) return;
  storeSelectedProjectId(id);
  for (const listener of listeners) listener();
};

export const useSelectedProjectId = (): string | null =>
  useSyncExternalStore(subscribe, readSelectedProjectId, () => null);
