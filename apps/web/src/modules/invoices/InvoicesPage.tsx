import { IconFileInvoice } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";

/** `/invoices`: the card issuer's invoices, one per billing period. */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t("pages.invoices.emptyTitle")}
      description={t("pages.invoices.emptyBody")}
      icon={<IconFileInvoice size={28} stroke={1.5} />}
    />
  );
}
