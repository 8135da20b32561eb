import { creditLimitSchema, formatKennitala } from "@kort/core";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { APPROVE_COMPANY_MUTATION, type PendingCompany } from "./platform.graphql.ts";
import { usePlatformMutation } from "./usePlatform.ts";

/** Approves a waiting company with the credit Kort extends to it, in whole kronur (the server checks again). */
export function ApproveCompanyModal({ company, onClose }: { company: PendingCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const [creditLimit, setCreditLimit] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const approve = usePlatformMutation(APPROVE_COMPANY_MUTATION, "approve", (variables) =>
    t("platform.toast.approved", { title: company.title, amount: formatMoney(variables.credit_limit) }),
  );
  const valid = creditLimitSchema.safeParse(creditLimit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid.success) return;
    approve.mutate({ project_id: company.id, credit_limit: valid.data }, { onSuccess: onClose });
  };

  return (
    <Modal opened size="lg" onClose={onClose} title={t("platform.approve.title", { title: company.title })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="approve-company-modal">
          <Text size="sm">
            {t("platform.approve.body", { title: company.title, kennitala: formatKennitala(company.kennitala) })}
          </Text>
          <AmountInput
            label={t("platform.approve.creditLimit")}
            description={t("platform.approve.creditLimitHint")}
            rightSection={<Text size="sm">kr.</Text>}
            value={creditLimit}
            onChange={setCreditLimit}
            error={touched && !valid.success ? t("validation.amount") : undefined}
            data-testid="approve-credit-limit"
            data-autofocus
          />
          {valid.success && (
            <Text size="sm" c="dimmed" data-testid="approve-credit-preview">
              {t("platform.approve.preview", { amount: formatMoney(valid.data) })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("platform.cancel")}
            </Button>
            <Button type="submit" loading={approve.isPending} data-testid="approve-company-confirm">
              {t("platform.approve.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
