import { CARD_NAME_MAX_LENGTH, cardNameSchema, FORM_LIMIT_PERIODS, type LimitPeriod } from "@kort/core";
import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { Dropdown } from "../../ui/dropdown/Dropdown.tsx";
import { LIMIT_PERIOD_KEYS } from "./card-labels.ts";
import type { Card } from "./cards.graphql.ts";
import { type CardMutationVariables, useCardMutation } from "./useCardMutation.ts";

/** Which of the card's settings the modal edits. */
export type CardEditKind = "rename" | "limits" | "cardholder" | "team" | "category";

export type CardEditModalProps = {
  card: Card;
  kind: CardEditKind;
  onClose: () => void;
  /** The choices of the cardholder, team and category pickers. */
  options: readonly { id: string; title: string; subtitle?: string }[];
};

const TITLE_KEYS = {
  rename: "cards.actions.rename",
  limits: "cards.actions.limits",
  cardholder: "cards.actions.cardholder",
  team: "cards.actions.team",
  category: "cards.actions.category",
} as const;

const initialChoice = (card: Card, kind: CardEditKind): string | null => {
  if (kind === "cardholder") return card.cardholder.user_id;
  if (kind === "team") return card.team?.id ?? null;
  if (kind === "category") return card.default_transaction_category?.id ?? null;
  return null;
};

/** One modal for the card's editable settings: name, limit, cardholder, team, default category. */
export function CardEditModal({ card, kind, onClose, options }: CardEditModalProps) {
  const { t } = useTranslation();
  const mutation = useCardMutation(kind);
  const [limit] = card.limits;
  const [name, setName] = useState(card.description);
  const [amount, setAmount] = useState<number | null>(limit?.sum_amount ?? null);
  const [period, setPeriod] = useState<LimitPeriod>(limit?.period ?? "MONTHLY");
  const [choice, setChoice] = useState<string | null>(initialChoice(card, kind));

  const variables = (): CardMutationVariables<CardEditKind> | null => {
    if (kind === "rename")
      return cardNameSchema.safeParse(name).success ? { id: card.id, description: name.trim() } : null;
    if (kind === "limits") return amount ? { id: card.id, limits: [{ sum_amount: amount, period }] } : null;
    if (kind === "cardholder") return choice ? { id: card.id, user_id: choice } : null;
    if (kind === "team") return { id: card.id, team_id: choice };
    return { id: card.id, category_id: choice };
  };
  const ready = variables();

  return (
    <Modal opened onClose={onClose} title={t(TITLE_KEYS[kind])} centered>
      <Stack gap="md" data-testid="card-edit-modal">
        {kind === "rename" && (
          <TextInput
            label={t("cards.form.name")}
            maxLength={CARD_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="card-rename-input"
          />
        )}
        {kind === "limits" && (
          <>
            <AmountInput label={t("cards.form.amount")} value={amount} onChange={setAmount} />
            <Select
              label={t("cards.form.period")}
              data={FORM_LIMIT_PERIODS.map((value) => ({ value, label: t(LIMIT_PERIOD_KEYS[value]) }))}
              value={period}
              onChange={(value) => setPeriod(FORM_LIMIT_PERIODS.find((known) => known === value) ?? "MONTHLY")}
              allowDeselect={false}
            />
          </>
        )}
        {(kind === "cardholder" || kind === "team" || kind === "category") && (
          <Dropdown
            searchable
            toggleable={kind !== "cardholder"}
            options={options}
            value={choice}
            onChange={(id) => setChoice(id)}
            placeholder={t(TITLE_KEYS[kind])}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cards.actions.cancel")}
          </Button>
          <Button
            disabled={ready === null}
            loading={mutation.isPending}
            onClick={() => ready && mutation.mutate(ready, { onSuccess: onClose })}
            data-testid="card-edit-save"
          >
            {t("cards.actions.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
