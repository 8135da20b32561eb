import { canManage } from "@kort/core";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";

export type AccountingPermissions = {
  /** category manage: the page itself (spec 2), categories and dimensions. Project owners and accountants. */
  categories: boolean;
  /** tax-category manage: project owners only (spec 6). */
  taxCategories: boolean;
  /** Whether the role is known yet. */
  known: boolean;
};

/** What the caller's role may do on the Accounting page, from the policy the server enforces. */
export const useAccountingPermissions = (): AccountingPermissions => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  if (role === null) return { categories: false, taxCategories: false, known: false };
  return { categories: canManage(role, "category"), taxCategories: canManage(role, "tax-category"), known: true };
};
