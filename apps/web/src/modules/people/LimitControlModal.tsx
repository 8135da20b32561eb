import { Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { type Person, SET_LIMIT_CONTROL_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";

/** Spec 6, limit control per user: a maximum monthly card limit (empty for none) and self-issuing. */
export function LimitControlModal({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const [max, setMax] = useState<number | null>(person.limit_control.max_monthly_limit);
  const [allowSelf, setAllowSelf] = useState(person.limit_control.allow_issuing_cards_to_self);
  const save = usePeopleMutation(SET_LIMIT_CONTROL_MUTATION, "limits", () =>
    t("people.toast.limitsChanged", { name: person.full_name }),
  );
  const unchanged =
    max === person.limit_control.max_monthly_limit && allowSelf === person.limit_control.allow_issuing_cards_to_self;

  return (
    <Modal opened onClose={onClose} title={t("people.limits.title", { name: person.full_name })}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("people.limits.explain")}
        </Text>
        <AmountInput
          label={t("people.limits.maxMonthly")}
          description={t("people.limits.maxMonthlyHint")}
          rightSection={t("people.currency")}
          value={max}
          onChange={setMax}
          data-testid="limits-max-monthly"
        />
        <Checkbox
          label={t("people.limits.allowSelf")}
          checked={allowSelf}
          onChange={(event) => setAllowSelf(event.currentTarget.checked)}
          data-testid="limits-allow-self"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("people.cancel")}
          </Button>
          <Button
            disabled={unchanged}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { user_id: person.user_id, max_monthly_limit: max, allow_issuing_cards_to_self: allowSelf },
                { onSuccess: onClose },
              )
            }
            data-testid="limits-save"
          >
            {t("people.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
