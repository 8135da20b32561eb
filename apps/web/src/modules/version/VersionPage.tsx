import { Alert, Loader, Stack, Table, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useVersion } from "./useVersion.ts";

/** `/Version`: the version and environment the server reports. */
export function VersionPage() {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <Stack gap="md" data-testid="page-version">
      <Title order={1} size="h2">
        {t("public.version.title")}
      </Title>
      {version.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {version.isError && (
        <Alert color="red" variant="light" data-testid="version-error">
          {t(errorKey(toApiError(version.error).code))}
        </Alert>
      )}
      {version.isSuccess && (
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>{t("public.version.version")}</Table.Th>
              <Table.Td data-testid="version-number">{version.data.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t("public.version.environment")}</Table.Th>
              <Table.Td data-testid="version-environment">{version.data.environment}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
