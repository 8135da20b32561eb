import { valueChipText } from "@kort/core";
import { Alert, Button, Group, Loader, Paper, Pill, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import type { Dimension } from "./accounting.graphql.ts";
import { useDimensions } from "./accounting-queries.ts";
import { DimensionPanel } from "./DimensionPanel.tsx";

/** The company's dimensions with their values (spec 2: "Accounting: categories and dimensions with values"). */
export function DimensionsTab() {
  const { t } = useTranslation();
  const dimensions = useDimensions();
  const [editing, setEditing] = useState<Dimension | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const open = (dimension: Dimension | null) => {
    setEditing(dimension);
    setPanelOpen(true);
  };

  return (
    <Stack gap="md" data-testid="dimensions-tab">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {dimensions.data ? t("accounting.dimensions.count", { count: dimensions.data.count }) : " "}
        </Text>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => open(null)}
          data-testid="create-dimension"
        >
          {t("accounting.dimensions.create")}
        </Button>
      </Group>
      {dimensions.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {dimensions.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="dimensions-error">
          {t("accounting.errors.values", { reason: t(errorKey(toApiError(dimensions.error).code)) })}
        </Alert>
      )}
      {dimensions.data?.nodes.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("accounting.dimensions.empty")}
        </Text>
      )}
      {dimensions.data?.nodes.map((dimension) => (
        <Paper
          key={dimension.id}
          withBorder
          p="md"
          radius="md"
          data-testid="dimension-card"
          data-title={dimension.title}
        >
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h5">
              {dimension.title}
            </Title>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={() => open(dimension)}
              data-testid="edit-dimension"
            >
              {t("accounting.list.edit")}
            </Button>
          </Group>
          <Pill.Group>
            {dimension.values.map((value) => (
              <Pill key={value.id} title={value.code ? `${value.title} (${value.code})` : value.title}>
                {valueChipText(value.title)}
              </Pill>
            ))}
          </Pill.Group>
        </Paper>
      ))}
      <DimensionPanel opened={panelOpen} onClose={() => setPanelOpen(false)} dimension={editing} />
    </Stack>
  );
}
