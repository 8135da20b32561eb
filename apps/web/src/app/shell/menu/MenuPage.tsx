import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSelectedProjectId } from "../../session/project-store.ts";
import { useCurrentRole } from "../../session/useCurrentRole.ts";
import { menuHas } from "./menu-items.ts";

/**
 * A page that belongs to a menu item: for a role whose menu does not have it (the page opened by its address), the
 * spec's "Access denied" instead of a page of refused figures and buttons. The server refuses what the role may not
 * do either way; this only says so at once. While the role loads, nothing.
 */
export function MenuPage({ item, children }: { item: string; children: ReactNode }) {
  const { t } = useTranslation();
  const role = useCurrentRole(useSelectedProjectId());
  if (role.isPending) return null;
  if (!role.data || !menuHas(role.data, item)) {
    return (
      <Alert color="yellow" variant="light" role="alert" data-testid="access-denied">
        {t("errors.ACCESS_DENIED")}
      </Alert>
    );
  }
  return children;
}
