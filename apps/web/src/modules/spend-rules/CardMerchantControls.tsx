import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  controlsOfDraft,
  draftOf,
  emptyDraft,
  type MerchantControlsDraft,
  MerchantControlsEditor,
} from "./MerchantControlsEditor.tsx";
import { MERCHANT_GROUP_KEYS } from "./merchant-labels.ts";
import { useCardMerchantControls, useSetCardMerchantControls } from "./spend-rules-queries.ts";

type Controls = { mode: string; groups: readonly string[]; merchants: readonly string[] };

/** One line of controls in words: "Block: Gambling, Cash · Happy Casino". */
export function MerchantControlsSummary({ controls, testId }: { controls: Controls | null; testId?: string }) {
  const { t } = useTranslation();
  if (!controls || (controls.groups.length === 0 && controls.merchants.length === 0 && controls.mode === "BLOCK")) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t("spendRules.noControls")}
      </Text>
    );
  }
  const groups = controls.groups.flatMap((group) =>
    group in MERCHANT_GROUP_KEYS ? [t(MERCHANT_GROUP_KEYS[group as keyof typeof MERCHANT_GROUP_KEYS])] : [],
  );
  const listed = [...groups, ...controls.merchants];
  return (
    <Group gap="xs" data-testid={testId} data-mode={controls.mode}>
      <Badge variant="light" color={controls.mode === "BLOCK" ? "red" : "teal"}>
        {t(controls.mode === "ALLOW_ONLY" ? "spendRules.mode.ALLOW_ONLY" : "spendRules.mode.BLOCK")}
      </Badge>
      <Text size="sm">{listed.length > 0 ? listed.join(", ") : t("spendRules.none")}</Text>
    </Group>
  );
}

/**
 * The card page's merchant controls (issue 19): the card's own, or the company's default it follows; whoever may
 * manage the card's limits edits them here, or returns the card to the company's default.
 */
export function CardMerchantControls({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const controls = useCardMerchantControls(cardId);
  const save = useSetCardMerchantControls(cardId);
  const [draft, setDraft] = useState<MerchantControlsDraft | null>(null);
  if (!controls.data) return null;
  const { own, company_default: companyDefault, can_manage: canManage } = controls.data;
  const submit = (next: ReturnType<typeof controlsOfDraft> | null) =>
    save.mutate(next, { onSuccess: () => setDraft(null) });
  return (
    <Card withBorder padding="md" data-testid="card-merchant-controls">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("spendRules.title")}
          </Title>
          {canManage && draft === null && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setDraft(own ? draftOf(own) : companyDefault ? draftOf(companyDefault) : emptyDraft())}
              data-testid="merchant-controls-edit"
            >
              {t("spendRules.edit")}
            </Button>
          )}
        </Group>
        {draft === null ? (
          <Stack gap={4}>
            {!own && (
              <Text size="xs" c="dimmed">
                {t("spendRules.followsDefault")}
              </Text>
            )}
            <MerchantControlsSummary controls={own ?? companyDefault} testId="merchant-controls-summary" />
          </Stack>
        ) : (
          <>
            <MerchantControlsEditor value={draft} onChange={setDraft} />
            <Group justify="flex-end" gap="sm">
              {own && (
                <Button
                  variant="subtle"
                  onClick={() => submit(null)}
                  loading={save.isPending}
                  data-testid="merchant-controls-default"
                >
                  {t("spendRules.useDefault")}
                </Button>
              )}
              <Button variant="default" onClick={() => setDraft(null)}>
                {t("spendRules.cancel")}
              </Button>
              <Button
                onClick={() => submit(controlsOfDraft(draft))}
                loading={save.isPending}
                data-testid="merchant-controls-save"
              >
                {t("spendRules.save")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
