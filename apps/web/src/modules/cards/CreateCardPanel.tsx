import { Accordion, Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { SIDE_PANEL_ANIMATION_MS } from "../../ui/side-panel/side-panel-size.ts";
import { useCategories } from "../accounting/useCategories.ts";
import {
  controlsOfDraft,
  emptyDraft,
  isEmptyDraft,
  type MerchantControlsDraft,
  MerchantControlsEditor,
} from "../spend-rules/MerchantControlsEditor.tsx";
import { CardTypeStep } from "./CardTypeStep.tsx";
import { CreateCardFields } from "./CreateCardFields.tsx";
import { CARD_TYPE_KEYS } from "./card-labels.ts";
import { useAccountBalance, useCardCreateOptions } from "./card-queries.ts";
import {
  type CreateCardForm,
  canSubmitCard,
  createCardVariables,
  EMPTY_CREATE_CARD_FORM,
  isOverAccountLimit,
} from "./create-card-form.ts";
import { useCreateCard } from "./useCreateCard.ts";
import { useLimitCheck } from "./useLimitCheck.ts";

export type CreateCardPanelProps = { opened: boolean; onClose: () => void };

/** Spec 2, 4 and 5: the create-card side panel (large): step 0 picks the type, step 1 is the form. */
export function CreateCardPanel({ opened, onClose }: CreateCardPanelProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CreateCardForm>(EMPTY_CREATE_CARD_FORM);
  // The optional merchant-controls step (issue 19): left empty, the card follows the company's default.
  const [merchants, setMerchants] = useState<MerchantControlsDraft>(emptyDraft);
  const create = useCreateCard();
  const options = useCardCreateOptions(form.cardType);
  const categories = useCategories(null, opened && form.cardType !== null);
  const balance = useAccountBalance(opened);

  // The form is emptied once the panel has finished closing (spec 2).
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => {
      setForm(EMPTY_CREATE_CARD_FORM);
      setMerchants(emptyDraft());
      create.reset();
    }, SIDE_PANEL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [opened, create.reset]);

  const update = (patch: Partial<CreateCardForm>) => setForm((previous) => ({ ...previous, ...patch }));
  // A step change starts the form again (spec 2), keeping only the chosen type.
  const chooseType = (cardType: CreateCardForm["cardType"]) => setForm({ ...EMPTY_CREATE_CARD_FORM, cardType });
  const holder = options.data?.cardholders.find((row) => row.user_id === form.userId);
  const needsTeam = holder?.needs_team ?? false;
  const limitCheck = useLimitCheck(form, !(needsTeam && form.teamId === null));
  const overAccountLimit = isOverAccountLimit(form.amount, balance.data);
  const gate = {
    creating: create.isPending,
    limitBlocked: limitCheck.blocked.length > 0 || limitCheck.pending || overAccountLimit,
    needsTeam,
  };
  const submittable = canSubmitCard(form, gate, new Date());

  const submit = () => {
    if (!submittable || form.cardType === null) return;
    const variables = createCardVariables(form);
    const merchantControls = isEmptyDraft(merchants) ? null : controlsOfDraft(merchants);
    create.mutate(
      { cardType: form.cardType, variables: { input: { ...variables.input, merchant_controls: merchantControls } } },
      {
        onSuccess: () => onClose(),
      },
    );
  };

  const title = form.cardType ? t(CARD_TYPE_KEYS[form.cardType]) : t("cards.create.title");
  return (
    <SidePanel opened={opened} onClose={onClose} size="large" title={title}>
      {form.cardType === null ? (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t("cards.create.chooseType")}
          </Text>
          <CardTypeStep onChoose={chooseType} />
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="create-card-form"
        >
          <CreateCardFields
            form={form}
            update={update}
            holders={options.data?.cardholders ?? []}
            teams={options.data?.teams ?? []}
            categories={categories.data ?? []}
            needsTeam={needsTeam}
            blocked={limitCheck.blocked}
            overAccountLimit={overAccountLimit}
            accountBalance={balance.data}
          />
          <Accordion variant="contained" mt="lg" data-testid="create-card-merchants">
            <Accordion.Item value="merchants">
              <Accordion.Control data-testid="create-card-merchants-toggle">
                {t("spendRules.createStep")}
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  <Text size="xs" c="dimmed">
                    {t("spendRules.createStepHint")}
                  </Text>
                  <MerchantControlsEditor value={merchants} onChange={setMerchants} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => chooseType(null)} data-testid="create-card-back">
              {t("cards.create.back")}
            </Button>
            <Button type="submit" disabled={!submittable} loading={create.isPending} data-testid="create-card-submit">
              {t("cards.create.submit")}
            </Button>
          </Group>
        </form>
      )}
    </SidePanel>
  );
}
