import { formatKennitala } from "@kort/core";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type PendingCompany, REJECT_COMPANY_MUTATION } from "./platform.graphql.ts";
import { usePlatformMutation } from "./usePlatform.ts";

/** Rejects a waiting company after a confirmation that says what follows: the company is closed to its people. */
export function RejectCompanyModal({ company, onClose }: { company: PendingCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = usePlatformMutation(REJECT_COMPANY_MUTATION, "reject", () =>
    t("platform.toast.rejected", { title: company.title }),
  );
  return (
    <Modal opened onClose={onClose} title={t("platform.reject.title", { title: company.title })}>
      <Stack gap="md" data-testid="reject-company-modal">
        <Text size="sm">
          {t("platform.reject.body", { title: company.title, kennitala: formatKennitala(company.kennitala) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("platform.cancel")}
          </Button>
          <Button
            color="red"
            loading={reject.isPending}
            onClick={() => reject.mutate({ project_id: company.id }, { onSuccess: onClose })}
            data-testid="reject-company-confirm"
          >
            {t("platform.reject.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
