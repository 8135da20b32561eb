import { canManage } from "@kort/core";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";

export type AccountingPermissions = {
  /**
   * category manage: categories, dimensions and rules (spec 2). Project owners and accountants; whoever else opens
   * the page is told access is denied by its MenuPage.
   */
  categories: boolean;
  /** tax-category manage: project owners only (spec 6). */
  taxCategories: boolean;
};

/** What the caller's role may do on the Accounting page, from the policy the server enforces. */
export const useAccountingPermissions = (): AccountingPermissions => {
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  if (role === null) return { categories: false, taxCategories: false };
  return { categories: canManage(role, "category"), taxCategories: canManage(role, "tax-category") };
};
