import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type AccountingCategory, APPLY_CATEGORY_CHANGESET_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";

export type ArchiveCategoryModalProps = { category: AccountingCategory | null; onClose: () => void };

/**
 * Spec 2 and 4: archiving is confirmed first; the server then unlinks every dimension and deletes the category in
 * one operation. Transactions already booked to it keep it.
 */
export function ArchiveCategoryModal({ category, onClose }: ArchiveCategoryModalProps) {
  const { t } = useTranslation();
  const archive = useAccountingMutation(APPLY_CATEGORY_CHANGESET_MUTATION, "delete", () =>
    t("accounting.toast.archived", { name: category?.title ?? "" }),
  );
  return (
    <Modal
      opened={category !== null}
      onClose={onClose}
      title={t("accounting.archive.title", { name: category?.title ?? "" })}
      centered
    >
      <Text size="sm">{t("accounting.archive.body", { code: category?.code ?? "" })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t("accounting.panel.cancel")}
        </Button>
        <Button
          color="red"
          loading={archive.isPending}
          onClick={() => {
            if (category) archive.mutate({ kind: "ARCHIVE", category_id: category.id }, { onSuccess: onClose });
          }}
          data-testid="archive-category-confirm"
        >
          {t("accounting.archive.confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
