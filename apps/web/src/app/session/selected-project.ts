import type { ApprovalStatus } from "@kort/core";
import { readStored, STORAGE_KEYS, writeStored } from "../storage.ts";

/** The fields of a project the dashboard uses; approval_status is the platform's decision (issue 9). */
export type Project = {
  id: string;
  title: string;
  host: string | null;
  enabled: boolean;
  approval_status: ApprovalStatus;
};

export const readSelectedProjectId = (): string | null => readStored(STORAGE_KEYS.project);

export const storeSelectedProjectId = (id: string | null): void => writeStored(STORAGE_KEYS.project, id);

/**
 * Spec 4, project loading: keep the selected project if it is still one of the active ones, else the first
 * active one; none when there are no active projects.
 */
export const chooseProject = (projects: readonly Project[], selectedId: string | null): Project | null => {
  const active = projects.filter((project) => project.enabled);
  return active.find((project) => project.id === selectedId) ?? active[0] ?? null;
};
