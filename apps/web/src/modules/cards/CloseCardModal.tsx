import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Card } from "./cards.graphql.ts";
import { useCardMutation } from "./useCardMutation.ts";

export type CloseCardModalProps = { card: Card; opened: boolean; onClose: () => void };

/** Spec 4: closing is final, so it is confirmed first. */
export function CloseCardModal({ card, opened, onClose }: CloseCardModalProps) {
  const { t } = useTranslation();
  const close = useCardMutation("close");
  return (
    <Modal opened={opened} onClose={onClose} title={t("cards.close.title", { name: card.description })} centered>
      <Text size="sm">{t("cards.close.body")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t("cards.actions.cancel")}
        </Button>
        <Button
          color="red"
          loading={close.isPending}
          onClick={() => close.mutate({ id: card.id }, { onSuccess: onClose })}
          data-testid="close-card-confirm"
        >
          {t("cards.close.confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
