import { Button } from "@mantine/core";
import { IconFileExport, IconList } from "@tabler/icons-react";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportDialog } from "./ExportDialog.tsx";
import { ExportsPanel } from "./ExportsPanel.tsx";
import type { ExportInput } from "./exports.graphql.ts";

type Selection = ExportInput["selection"];

/** The expenses page's way into exports: a new export of the filter or the selection, and the recent ones. */
export const ExportButtons = memo(function ExportButtons({
  filter,
  picked,
}: {
  filter: NonNullable<Selection["filter"]>;
  picked: Selection | null;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState(false);
  const [list, setList] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileExport size={14} />}
        onClick={() => setDialog(true)}
        data-testid="export-open"
      >
        {t("exports.button")}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconList size={14} />}
        onClick={() => setList(true)}
        data-testid="exports-open"
      >
        {t("exports.list.button")}
      </Button>
      {dialog && (
        <ExportDialog
          opened={dialog}
          onClose={() => setDialog(false)}
          filter={filter}
          picked={picked}
          onCreated={() => setList(true)}
        />
      )}
      <ExportsPanel opened={list} onClose={() => setList(false)} />
    </>
  );
});
