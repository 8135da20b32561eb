import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import { IconTag } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccountingCategories, useTaxCategories } from "../accounting/accounting-queries.ts";
import { useFormatPercentage } from "../accounting/useFormatPercentage.ts";
import { usableCategories } from "./category-options.ts";
import { BULK_MAX } from "./receipts.graphql.ts";
import { useBulkSet } from "./useReceipts.ts";
import { useBulkPermissions } from "./useTransactionPermissions.ts";

type Kind = "category" | "taxCategory";

/**
 * "Set category" and "Set tax category" for the picked rows (at most 500, all or none on the server), each behind
 * a small dialog to choose the value. Hidden without the permission.
 */
export function BulkSetButtons({ ids }: { ids: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const can = useBulkPermissions();
  const [open, setOpen] = useState<Kind | null>(null);
  const tooMany = ids.size > BULK_MAX;
  const button = (kind: Kind) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTag size={14} />}
      disabled={tooMany}
      title={tooMany ? t("expenses.bulk.tooMany", { max: BULK_MAX }) : undefined}
      onClick={() => setOpen(kind)}
      data-testid={`ledger-bulk-${kind}`}
    >
      {t(`expenses.bulk.${kind}`)}
    </Button>
  );
  return (
    <>
      {can["set-category"] && button("category")}
      {can["set-tax-category"] && button("taxCategory")}
      {open !== null && <BulkSetModal kind={open} ids={ids} onClose={() => setOpen(null)} />}
    </>
  );
}

function BulkSetModal({ kind, ids, onClose }: { kind: Kind; ids: ReadonlySet<string>; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useAccountingCategories("Default", "", 1);
  const taxCategories = useTaxCategories(kind === "taxCategory");
  const percentage = useFormatPercentage();
  const save = useBulkSet(kind);
  const [value, setValue] = useState<string | null>(null);
  const options =
    kind === "category"
      ? usableCategories(categories.data?.nodes ?? [], "Default", null, null).map((category) => ({
          value: category.id,
          label: `${category.title} (${category.code})`,
        }))
      : (taxCategories.data ?? [])
          .filter((tax) => tax.enabled)
          .map((tax) => ({ value: tax.id, label: `${tax.code} (${percentage(tax.percentage)})` }));
  return (
    <Modal opened onClose={onClose} title={t(`expenses.bulk.${kind}Title`, { number: ids.size })}>
      <Stack gap="md">
        <Select
          label={t(kind === "category" ? "expenses.panel.category" : "expenses.panel.taxCategory")}
          placeholder={kind === "taxCategory" ? t("expenses.bulk.noTaxCategory") : undefined}
          searchable
          clearable={kind === "taxCategory"}
          data={options}
          value={value}
          onChange={setValue}
          comboboxProps={{ withinPortal: true }}
          data-testid="ledger-bulk-value"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("expenses.bulk.cancel")}
          </Button>
          <Button
            loading={save.isPending}
            disabled={kind === "category" && value === null}
            onClick={() => save.mutate({ ids: [...ids], value }, { onSuccess: onClose })}
            data-testid="ledger-bulk-apply"
          >
            {t("expenses.bulk.apply")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
