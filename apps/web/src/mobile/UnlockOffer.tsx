import { Button, Card, Group, Modal, Stack, Text } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { CLOSE_44, TOUCH_TARGET } from "./app-paths.ts";
import { FourDigitInput } from "./FourDigitInput.tsx";
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
  const [passcode, setPasscode] = useState("");
  const turnOn = useMutation({
    mutationFn: async (pin: string) => (await unlockCalls()).turnOnUnlock(pin),
    ...FAIL_OFFLINE,
    onSuccess: () => {
      setAsking(false);
      setPasscode("");
      setEnabled(true);
    },
    onError: () => setPasscode(""),
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
      <Modal
        opened={asking}
        onClose={() => {
          setAsking(false);
          setPasscode("");
          turnOn.reset();
        }}
        title={t("employeeApp.unlock.offerTitle")}
        centered
        closeButtonProps={CLOSE_44}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (passcode.length === 4) turnOn.mutate(passcode);
          }}
        >
          <Stack gap="md" align="center">
            <Text size="sm">{t("employeeApp.unlock.passcodeIntro")}</Text>
            <FourDigitInput
              value={passcode}
              onChange={setPasscode}
              autoFocus
              aria-label={t("employeeApp.reveal.label")}
              data-testid="app-unlock-passcode"
            />
            {turnOn.isError && <ApiErrorAlert error={turnOn.error} testId="app-unlock-error" />}
            <Button
              type="submit"
              fullWidth
              h={TOUCH_TARGET}
              disabled={passcode.length !== 4}
              loading={turnOn.isPending}
              data-testid="app-unlock-submit"
            >
              {t("employeeApp.unlock.turnOn")}
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
