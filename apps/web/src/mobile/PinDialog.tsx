import { Alert, Button, Modal, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { CLOSE_44, TOUCH_TARGET } from "./app-paths.ts";
import { FourDigitInput } from "./FourDigitInput.tsx";
import { setCardPin } from "./mobile.api.ts";
import { FAIL_OFFLINE } from "./offline.ts";

type PinDialogProps = { cardId: string; opened: boolean; onClose: () => void };

/**
 * Set or change the card's PIN (issue 17; spec 7 `pin/set`): the new PIN twice, then the passcode again. The digits
 * live only in this dialog's state and are cleared on close; the server keeps a hash and audits the change.
 */
export function PinDialog({ cardId, opened, onClose }: PinDialogProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState("");
  const [again, setAgain] = useState("");
  const [passcode, setPasscode] = useState("");
  const save = useMutation({
    mutationFn: () => setCardPin(cardId, pin, passcode),
    ...FAIL_OFFLINE,
    onError: () => setPasscode(""),
  });
  const close = () => {
    setPin("");
    setAgain("");
    setPasscode("");
    save.reset();
    onClose();
  };
  const mismatch = again.length === 4 && again !== pin;
  const ready = pin.length === 4 && again === pin && passcode.length === 4;
  return (
    <Modal opened={opened} onClose={close} title={t("employeeApp.pin.title")} centered closeButtonProps={CLOSE_44}>
      {save.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" data-testid="app-pin-saved">
            <Text size="sm">{t("employeeApp.pin.saved")}</Text>
          </Alert>
          <Button h={TOUCH_TARGET} onClick={close} data-testid="app-pin-done">
            {t("employeeApp.pin.done")}
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) save.mutate();
          }}
        >
          <Stack gap="md" align="center">
            <Text size="sm">{t("employeeApp.pin.newPin")}</Text>
            <FourDigitInput
              value={pin}
              onChange={setPin}
              autoFocus
              aria-label={t("employeeApp.pin.newPin")}
              data-testid="app-pin-new"
            />
            <Text size="sm">{t("employeeApp.pin.again")}</Text>
            <FourDigitInput
              value={again}
              onChange={setAgain}
              error={mismatch}
              aria-label={t("employeeApp.pin.again")}
              data-testid="app-pin-again"
            />
            {mismatch && (
              <Text size="sm" c="red" data-testid="app-pin-mismatch">
                {t("employeeApp.pin.mismatch")}
              </Text>
            )}
            <Text size="sm">{t("employeeApp.pin.passcode")}</Text>
            <FourDigitInput
              value={passcode}
              onChange={setPasscode}
              aria-label={t("employeeApp.pin.passcode")}
              data-testid="app-pin-passcode"
            />
            {save.isError && <ApiErrorAlert error={save.error} testId="app-pin-error" />}
            <Button
              type="submit"
              fullWidth
              h={TOUCH_TARGET}
              disabled={!ready}
              loading={save.isPending}
              data-testid="app-pin-submit"
            >
              {t("employeeApp.pin.submit")}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
