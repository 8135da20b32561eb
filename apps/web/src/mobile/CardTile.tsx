import { Alert, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import {
  IconEye,
  IconEyeOff,
  IconList,
  IconPassword,
  IconPlayerPlay,
  IconSnowflake,
  IconWallet,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useFormatMoney } from "../app/i18n/useFormatMoney.ts";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { APP_PATHS } from "./app-paths.ts";
import { activateCard, type FundingSource, freezeCard, myCardsKey } from "./mobile.api.ts";
import { FAIL_OFFLINE } from "./offline.ts";
import { PinDialog } from "./PinDialog.tsx";
import { RevealDialog } from "./RevealDialog.tsx";
import { useRevealedDetails } from "./useRevealedDetails.ts";
import { WalletDialog } from "./WalletDialog.tsx";

const STATUS_COLOR: Partial<Record<FundingSource["status"], string>> = { ACTIVE: "green", FROZEN: "blue" };

/** Groups a PAN in fours, as printed on a card. */
const groupDigits = (pan: string): string => pan.replace(/(\d{4})(?=\d)/g, "$1 ");

/** One card: its name, last four, what is left this period of its limit, status; reveal, freeze and history. */
export function CardTile({ card }: { card: FundingSource }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const { details, show, hide } = useRevealedDetails();
  const [asking, setAsking] = useState(false);
  const [changingPin, setChangingPin] = useState(false);
  const [addingToWallet, setAddingToWallet] = useState(false);
  const limit = card.card.limits[0];
  const freeze = useMutation({
    mutationFn: (frozen: boolean) => freezeCard(card.id, frozen),
    ...FAIL_OFFLINE,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCardsKey(projectId) }),
  });
  const activate = useMutation({
    ...FAIL_OFFLINE,
    mutationFn: () => activateCard(card.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCardsKey(projectId) }),
  });
  const frozen = card.status === "FROZEN";
  const canReveal = card.status === "ACTIVE" || frozen;
  return (
    <Card
      withBorder
      padding="md"
      data-testid="app-card"
      data-card-id={card.id}
      data-card-name={card.description}
      data-status={card.status}
    >
      <Card.Section
        p="md"
        style={{
          // The company's card design (360x720, upright) when one is chosen for this card type, else Kort's colours.
          background: card.card.design
            ? `center / cover no-repeat url("${card.card.design.url}"), var(--mantine-color-kort-8)`
            : "linear-gradient(135deg, var(--mantine-color-kort-8), var(--mantine-color-kort-5))",
          color: "white",
        }}
        data-design-id={card.card.design?.id}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate data-testid="app-card-name">
            {card.description}
          </Text>
          <Badge
            color={STATUS_COLOR[card.status] ?? "gray"}
            variant="white"
            // The white variant writes in the colour's fill shade, too light to read on white; its text shade reads.
            c={`var(--mantine-color-${STATUS_COLOR[card.status] ?? "gray"}-text)`}
            data-testid="app-card-status"
          >
            {t(`employeeApp.status.${card.status}`)}
          </Badge>
        </Group>
        <Text ff="monospace" size="lg" mt="md" data-testid="app-card-number">
          {details ? groupDigits(details.pan) : `•••• •••• •••• ${card.card.masked_number}`}
        </Text>
        {details && (
          <Group gap="lg" mt="xs" data-testid="app-card-details">
            <Text size="sm">
              {t("employeeApp.cards.expiry")} {String(details.expiry_month).padStart(2, "0")}/
              {String(details.expiry_year).slice(-2)}
            </Text>
            <Text size="sm">
              {t("employeeApp.cards.cvc")} <span data-testid="app-card-cvc">{details.cvc}</span>
            </Text>
          </Group>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text size="sm" c="dimmed">
          {t("employeeApp.cards.left")}
        </Text>
        <Text fw={600} size="lg" data-testid="app-card-left">
          {money(card.card.balance.available_balance)}
        </Text>
        {limit && (
          <Text size="sm" c="dimmed" data-testid="app-card-limit">
            {t("employeeApp.cards.limit", {
              amount: money(limit.sum_amount),
              period: t(`employeeApp.period.${limit.period}`),
            })}
          </Text>
        )}
      </Stack>
      {/* The holder cannot lift an administrator's lock (a hand lock, or a review of a clearing): say whom to ask. */}
      {card.status === "LOCKED" && (
        <Alert color="orange" variant="light" mt="sm" data-testid="app-card-locked">
          <Text size="sm">{t("employeeApp.cards.locked")}</Text>
        </Alert>
      )}
      {freeze.isError && <ApiErrorAlert error={freeze.error} testId="app-card-error" />}
      {activate.isError && <ApiErrorAlert error={activate.error} testId="app-card-error" />}
      <Stack gap="xs" mt="md">
        {card.status === "CREATED" && (
          <Button
            h={TOUCH_TARGET}
            leftSection={<IconPlayerPlay size={18} />}
            loading={activate.isPending}
            onClick={() => activate.mutate()}
            data-testid="app-card-activate"
          >
            {t("employeeApp.cards.activate")}
          </Button>
        )}
        {canReveal && (
          <Button
            variant="light"
            h={TOUCH_TARGET}
            leftSection={details ? <IconEyeOff size={18} /> : <IconEye size={18} />}
            onClick={() => (details ? hide() : setAsking(true))}
            data-testid={details ? "app-card-hide" : "app-card-reveal"}
          >
            {details ? t("employeeApp.cards.hide") : t("employeeApp.cards.reveal")}
          </Button>
        )}
        {(card.status === "ACTIVE" || frozen) && (
          <Button
            variant={frozen ? "filled" : "default"}
            h={TOUCH_TARGET}
            leftSection={<IconSnowflake size={18} />}
            loading={freeze.isPending}
            onClick={() => freeze.mutate(!frozen)}
            data-testid={frozen ? "app-card-unfreeze" : "app-card-freeze"}
          >
            {frozen ? t("employeeApp.cards.unfreeze") : t("employeeApp.cards.freeze")}
          </Button>
        )}
        {canReveal && (
          <Group grow gap="xs">
            <Button
              variant="default"
              h={TOUCH_TARGET}
              leftSection={<IconPassword size={18} />}
              onClick={() => setChangingPin(true)}
              data-testid="app-card-pin"
            >
              {t("employeeApp.pin.button")}
            </Button>
            <Button
              variant="default"
              h={TOUCH_TARGET}
              leftSection={<IconWallet size={18} />}
              onClick={() => setAddingToWallet(true)}
              data-testid="app-card-wallet"
            >
              {t("employeeApp.wallet.button")}
            </Button>
          </Group>
        )}
        <Button
          component={Link}
          to={APP_PATHS.card(card.id)}
          variant="subtle"
          h={TOUCH_TARGET}
          leftSection={<IconList size={18} />}
          data-testid="app-card-activity"
        >
          {t("employeeApp.cards.activity")}
        </Button>
      </Stack>
      <PinDialog cardId={card.id} opened={changingPin} onClose={() => setChangingPin(false)} />
      <WalletDialog cardId={card.id} opened={addingToWallet} onClose={() => setAddingToWallet(false)} />
      <RevealDialog
        cardId={card.id}
        opened={asking}
        onClose={() => setAsking(false)}
        onRevealed={(revealed) => {
          setAsking(false);
          show(revealed);
        }}
      />
    </Card>
  );
}
