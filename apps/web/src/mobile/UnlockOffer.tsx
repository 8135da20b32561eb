import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PasscodeDialog } from "../ui/four-digits/PasscodeDialog.tsx";
import { TOUCH_TARGET } from "../ui/touch-target.ts";
import { FAIL_OFFLINE } from "./offline.ts";
import { unlockEnabledHere, unlockSupported } from "./unlock-flag.ts";

/** The WebAuthn library loads when the person turns unlock on or off, not with the cards page (first-load budget). */
const unlockCalls = () => import("./unlock.ts");

/**
 * The offer after sign-in (issue 17): unlock the app next time with the phone's biometrics instead of the passcode.
 * Turning it on asks the passcode once more, then the phone's own prompt; once on, it can be turned off here.
 */
export function UnlockOffer() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(unlockEnabledHere);
  const [asking, setAsking] = useState(false);
  const turnOn = useMutation({
    mutationFn: async (pin: string) => (await unlockCalls()).turnOnUnlock(pin),
    ...FAIL_OFFLINE,
    onSuccess: () => {
      setAsking(false);
      setEnabled(true);
    },
  });
  const turnOff = useMutation({
    mutationFn: async () => (await unlockCalls()).turnOffUnlock(),
    ...FAIL_OFFLINE,
    onSettled: () => setEnabled(unlockEnabledHere()),
  });
  if (!unlockSupported()) return null;
  if (enabled) {
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="app-unlock-on">
        <Group gap="xs" wrap="nowrap">
          <IconFingerprint size={20} />
          <Text size="sm">{t("employeeApp.unlock.on")}</Text>
        </Group>
        <Button
          variant="subtle"
          h={TOUCH_TARGET}
          loading={turnOff.isPending}
          onClick={() => turnOff.mutate()}
          data-testid="app-unlock-off"
        >
          {t("employeeApp.unlock.turnOff")}
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder padding="md" data-testid="app-unlock-offer">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconFingerprint size={22} />
          <Text fw={600}>{t("employeeApp.unlock.offerTitle")}</Text>
        </Group>
        <Text size="sm">{t("employeeApp.unlock.offerIntro")}</Text>
        <Button h={TOUCH_TARGET} onClick={() => setAsking(true)} data-testid="app-unlock-turn-on">
          {t("employeeApp.unlock.turnOn")}
        </Button>
      </Stack>
      <PasscodeDialog
        label={t("employeeApp.reveal.label")}
        opened={asking}
        onClose={() => setAsking(false)}
        title={t("employeeApp.unlock.offerTitle")}
        intro={t("employeeApp.unlock.passcodeIntro")}
        submitLabel={t("employeeApp.unlock.turnOn")}
        mutation={turnOn}
        testId="app-unlock"
      />
    </Card>
  );
}
