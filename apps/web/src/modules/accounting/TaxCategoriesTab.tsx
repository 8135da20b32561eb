import { isCategoryCode, PEPPOL_TAX_CODES, type PeppolTaxCode, percentageToBasisPoints } from "@kort/core";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import {
  CREATE_TAX_CATEGORY_MUTATION,
  DELETE_TAX_CATEGORY_MUTATION,
  SET_TAX_CATEGORY_ENABLED_MUTATION,
} from "./accounting.graphql.ts";
import { useTaxCategories } from "./accounting-queries.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";
import { useFormatPercentage } from "./useFormatPercentage.ts";

/**
 * The company's tax categories (spec 3 and 6): everyone reads them, project owners add, enable, disable and delete
 * them. One in use can only be disabled.
 */
export function TaxCategoriesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const percent = useFormatPercentage();
  const taxes = useTaxCategories();
  const setEnabled = useAccountingMutation(SET_TAX_CATEGORY_ENABLED_MUTATION, "taxUpdate", (variables) =>
    t(variables.enabled ? "accounting.toast.taxEnabled" : "accounting.toast.taxDisabled"),
  );
  const remove = useAccountingMutation(DELETE_TAX_CATEGORY_MUTATION, "taxDelete", () =>
    t("accounting.toast.taxDeleted"),
  );

  return (
    <Stack gap="md" data-testid="tax-categories-tab">
      {taxes.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {taxes.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="tax-categories-error">
          {t("accounting.errors.taxFetch", { reason: t(errorKey(toApiError(taxes.error).code)) })}
        </Alert>
      )}
      {taxes.data && (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table verticalSpacing="sm" withTableBorder data-testid="tax-categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("accounting.tax.code")}</Table.Th>
                <Table.Th>{t("accounting.tax.peppol")}</Table.Th>
                <Table.Th ta="right">{t("accounting.tax.percentage")}</Table.Th>
                <Table.Th>{t("accounting.list.enabled")}</Table.Th>
                {canManage && (
                  <Table.Th w={48}>
                    <VisuallyHidden>{t("accounting.list.actions")}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {taxes.data.map((tax) => (
                <Table.Tr key={tax.id} data-testid="tax-category-row" data-code={tax.code}>
                  <Table.Td fw={600}>
                    <Group gap="xs">
                      {tax.code}
                      {tax.in_use && (
                        <Badge size="xs" variant="light" color="gray">
                          {t("accounting.tax.inUse")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t(`accounting.tax.peppolCodes.${tax.peppol_code}`)}</Table.Td>
                  <Table.Td ta="right">{percent(tax.percentage)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={tax.enabled}
                      disabled={!canManage}
                      onChange={(event) => setEnabled.mutate({ id: tax.id, enabled: event.currentTarget.checked })}
                      aria-label={t("accounting.list.enabled")}
                    />
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Tooltip label={t(tax.in_use ? "accounting.tax.inUseHint" : "accounting.tax.delete")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={tax.in_use}
                          onClick={() => remove.mutate({ id: tax.id })}
                          aria-label={t("accounting.tax.delete")}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && <NewTaxCategory />}
    </Stack>
  );
}

/** The owner's form for a new tax category: code, Peppol category, percentage with at most two decimals. */
function NewTaxCategory() {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [peppol, setPeppol] = useState<PeppolTaxCode>("S");
  const [percentage, setPercentage] = useState<number | string>("");
  const create = useAccountingMutation(CREATE_TAX_CATEGORY_MUTATION, "taxCreate", (variables) =>
    t("accounting.toast.taxCreated", { code: variables.code ?? "" }),
  );
  const value = typeof percentage === "number" ? percentage : Number.NaN;
  const valid = isCategoryCode(code.trim()) && percentageToBasisPoints(value) !== null;
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          create.mutate(
            { code: code.trim(), peppol_code: peppol, percentage: value },
            {
              onSuccess: () => {
                setCode("");
                setPercentage("");
              },
            },
          );
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t("accounting.tax.code")}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            w={140}
          />
          <Select
            label={t("accounting.tax.peppol")}
            data={PEPPOL_TAX_CODES.map((item) => ({ value: item, label: t(`accounting.tax.peppolCodes.${item}`) }))}
            value={peppol}
            onChange={(next) => setPeppol((next as PeppolTaxCode | null) ?? "S")}
            allowDeselect={false}
            w={240}
          />
          <NumberInput
            label={t("accounting.tax.percentage")}
            value={percentage}
            onChange={setPercentage}
            min={0}
            max={100}
            decimalScale={2}
            suffix="%"
            w={120}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} disabled={!valid} loading={create.isPending}>
            {t("accounting.tax.create")}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
