import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NewDigitsDialog } from "../../ui/four-digits/NewDigitsDialog.tsx";
import { TOUCH_TARGET } from "../../ui/touch-target.ts";
import { rest } from "../api/client.ts";

/** PUT /v1/users/current/passcode: the current passcode, then the new one. */
const changePasscode = (newPasscode: string, passcode: string) =>
  rest("PUT", "/users/current/passcode", { passcode, new_passcode: newPasscode });

/**
 * The person's passcode, changed by themselves (spec 6: `user reset-secret`), in the dashboard's personal settings
 * and the employee app's account page: the current passcode, then the new one twice. The server signs out every
 * other session and removes biometric unlock (`onSaved` lets the app forget it here too), and e-mails the person.
 */
export function PasscodeChange({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t("passcodeChange.section")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("passcodeChange.hint")}
        </Text>
        <Button
          variant="light"
          mih={TOUCH_TARGET}
          className="wraps"
          leftSection={<IconLock size={16} />}
          onClick={open}
          data-testid="passcode-change-open"
        >
          {t("passcodeChange.title")}
        </Button>
      </Stack>
      <NewDigitsDialog
        opened={opened}
        onClose={close}
        passcodeFirst
        texts={{
          title: t("passcodeChange.title"),
          intro: t("passcodeChange.intro"),
          passcodeLabel: t("passcodeChange.current"),
          newLabel: t("passcodeChange.new"),
          againLabel: t("passcodeChange.again"),
          mismatch: t("passcodeChange.mismatch"),
          submit: t("passcodeChange.submit"),
          saved: t("passcodeChange.saved"),
          done: t("passcodeChange.done"),
        }}
        save={changePasscode}
        onSaved={onSaved}
        testId="passcode-change"
      />
    </Paper>
  );
}
