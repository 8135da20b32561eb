import { formatDate, formatKennitala } from "@kort/core";
import { Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { ApproveCompanyModal } from "./ApproveCompanyModal.tsx";
import type { PendingCompany } from "./platform.graphql.ts";
import { RejectCompanyModal } from "./RejectCompanyModal.tsx";
import { usePendingCompanies } from "./usePlatform.ts";

type Open = { action: "approve" | "reject"; company: PendingCompany } | null;

/** Companies that signed up and wait for Kort's decision, oldest first, a page at a time. */
export function PendingCompaniesCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const pending = usePendingCompanies();
  const [open, setOpen] = useState<Open>(null);
  const companies = pending.data?.pages.flatMap((page) => page.nodes) ?? [];

  return (
    <Card withBorder padding="lg" data-testid="pending-companies">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("platform.pending.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("platform.pending.body")}
        </Text>
        {pending.isPending && <Loader size="sm" />}
        {pending.isError && <ApiErrorAlert error={pending.error} testId="pending-companies-error" />}
        {pending.isSuccess && companies.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="pending-companies-empty">
            {t("platform.pending.none")}
          </Text>
        )}
        {companies.length > 0 && (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("platform.pending.company")}</Table.Th>
                  <Table.Th>{t("platform.pending.kennitala")}</Table.Th>
                  <Table.Th>{t("platform.pending.signedUp")}</Table.Th>
                  <Table.Th>{t("platform.pending.owner")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("platform.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {companies.map((company) => (
                  <Table.Tr key={company.id} data-testid="pending-company-row" data-project-id={company.id}>
                    <Table.Td>{company.title}</Table.Td>
                    <Table.Td>{formatKennitala(company.kennitala)}</Table.Td>
                    <Table.Td>{formatDate(new Date(company.created_at), locale)}</Table.Td>
                    <Table.Td>
                      {company.owner ? (
                        <Stack gap={0}>
                          <Text size="sm">{company.owner.full_name}</Text>
                          <Text size="xs" c="dimmed">
                            {company.owner.email}
                          </Text>
                        </Stack>
                      ) : (
                        "–"
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => setOpen({ action: "approve", company })}
                          data-testid="pending-company-approve"
                        >
                          {t("platform.approve.open")}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setOpen({ action: "reject", company })}
                          data-testid="pending-company-reject"
                        >
                          {t("platform.reject.open")}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pending.hasNextPage && (
          <Button
            variant="default"
            onClick={() => pending.fetchNextPage()}
            loading={pending.isFetchingNextPage}
            data-testid="pending-companies-more"
          >
            {t("platform.pending.more")}
          </Button>
        )}
      </Stack>
      {open?.action === "approve" && <ApproveCompanyModal company={open.company} onClose={() => setOpen(null)} />}
      {open?.action === "reject" && <RejectCompanyModal company={open.company} onClose={() => setOpen(null)} />}
    </Card>
  );
}
