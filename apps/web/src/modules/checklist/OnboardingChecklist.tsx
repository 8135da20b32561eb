import { type ChecklistItem, onboardingChecklist, type RoleName } from "@kort/core";
import { ActionIcon, Badge, Button, Group, Indicator, Modal, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleDashed, IconConfetti, IconListCheck } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../app/router/paths.ts";
import { SIDE_PANEL_WIDTHS } from "../../ui/side-panel/side-panel-size.ts";
import { clearChecklistFlags, markChecklistCompleted, useChecklistFlags } from "./useChecklistFlags.ts";

/** Where each item's work is done. */
const ITEM_PATHS: Record<ChecklistItem, string> = {
  card: PATHS.cards,
  members: PATHS.people,
  category: PATHS.accounting,
  team: PATHS.teams,
};

/** Spec 2: the onboarding panel is 720 px wide (the xxlarge panel width). */
const WIDTH = SIDE_PANEL_WIDTHS.xxlarge;

/**
 * The onboarding checklist of the header (spec 2): the icon while the rules of @kort/core say so, the modal (opened
 * by the icon, or by itself for a brand-new account), and the congratulation once every item is done.
 */
export function OnboardingChecklist({ role, createdAt }: { role: RoleName; createdAt: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flags = useChecklistFlags();
  // The clock is read when the header mounts: the 10 s and 7 days are measured from there, not re-evaluated on
  // every render (the icon does not vanish mid-click at the 7-day mark).
  const [now] = useState(() => new Date());
  const created = useMemo(() => new Date(createdAt), [createdAt]);
  const input = { role, createdAt: created, now, done: flags.done };
  const checklist = onboardingChecklist({ ...input, completed: flags.completed });
  const [opened, setOpened] = useState(false);
  const [congratulating, setCongratulating] = useState(false);

  useEffect(() => {
    if (checklist.clearFlags) clearChecklistFlags();
  }, [checklist.clearFlags]);

  // Auto-open is decided once, for the account's first seconds.
  const [autoOpen] = useState(checklist.autoOpen);
  useEffect(() => {
    if (autoOpen) setOpened(true);
  }, [autoOpen]);

  // Once onboarding is marked completed there is nothing left to congratulate on.
  const finished = checklist.visible && checklist.allDone && !flags.congratulated;
  useEffect(() => {
    if (!finished) return;
    markChecklistCompleted();
    setOpened(false);
    setCongratulating(true);
  }, [finished]);

  const total = checklist.items.length;
  const started = checklist.remaining < total;

  return (
    <>
      {checklist.visible && (
        <Indicator label={checklist.remaining} size={16} color="red" disabled={checklist.remaining === 0}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened(true)}
            aria-label={t("checklist.open")}
            data-testid="checklist-button"
          >
            <IconListCheck size={22} />
          </ActionIcon>
        </Indicator>
      )}
      <Modal
        opened={opened && checklist.visible}
        onClose={() => setOpened(false)}
        size={WIDTH}
        centered
        title={
          <Title order={2} size="h3">
            {t("checklist.title")}
          </Title>
        }
      >
        <Stack gap="md" data-testid="checklist-body">
          <Text c="dimmed" data-testid="checklist-remaining" data-remaining={checklist.remaining}>
            {started ? t("checklist.remaining", { count: checklist.remaining, total }) : t("checklist.letsGo")}
          </Text>
          {checklist.items.map((item) => (
            <Group
              key={item.id}
              justify="space-between"
              wrap="nowrap"
              data-testid={`checklist-item-${item.id}`}
              data-done={item.done}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="transparent" color={item.done ? "teal" : "gray"} size="md">
                  {item.done ? (
                    <IconCircleCheckFilled size={22} data-testid="checklist-check" />
                  ) : (
                    <IconCircleDashed size={22} />
                  )}
                </ThemeIcon>
                <Text fw={500} td={item.done ? "line-through" : undefined}>
                  {t(`checklist.items.${item.id}`)}
                </Text>
              </Group>
              {item.done ? (
                <Badge color="teal" variant="light">
                  {t("checklist.done")}
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setOpened(false);
                    navigate(ITEM_PATHS[item.id]);
                  }}
                  data-testid={`checklist-go-${item.id}`}
                >
                  {t("checklist.start")}
                </Button>
              )}
            </Group>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} data-testid="checklist-explore">
              {t("checklist.explore")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={congratulating}
        onClose={() => setCongratulating(false)}
        size={WIDTH}
        centered
        withCloseButton={false}
      >
        <Stack align="center" gap="md" p="md" data-testid="checklist-congratulations">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconConfetti size={32} />
          </ThemeIcon>
          <Title order={2} size="h3" ta="center">
            {t("checklist.congratulations.title")}
          </Title>
          <Text c="dimmed" ta="center">
            {t("checklist.congratulations.body")}
          </Text>
          <Button onClick={() => setCongratulating(false)} data-testid="checklist-congratulations-close">
            {t("checklist.congratulations.close")}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
