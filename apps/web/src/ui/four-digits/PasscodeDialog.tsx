import { Button, Modal, Stack, Text } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { TOUCH_TARGET, useClose44 } from "../touch-target.ts";
import { FourDigitInput } from "./FourDigitInput.tsx";

type PasscodeDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** The digit boxes' accessible name. */
  label: string;
  submitLabel: string;
  /** Sent the passcode; its error shows in the dialog. */
  mutation: UseMutationResult<unknown, Error, string>;
  /** Prefix of the test ids: `{testId}-passcode`, `-error` and `-submit`. */
  testId: string;
};

/**
 * The passcode asked once more before something that needs it (a card's number, unlock by biometrics, a new sign-in
 * address). The digits live only in this dialog's state until they are sent, and a close clears them.
 */
export function PasscodeDialog({
  opened,
  onClose,
  title,
  intro,
  label,
  submitLabel,
  mutation,
  testId,
}: PasscodeDialogProps) {
  const close44 = useClose44();
  const [passcode, setPasscode] = useState("");
  const close = () => {
    setPasscode("");
    mutation.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={close44}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (passcode.length !== 4) return;
          setPasscode("");
          mutation.mutate(passcode);
        }}
      >
        <Stack gap="md" align="center">
          <Text size="sm">{intro}</Text>
          <FourDigitInput
            value={passcode}
            onChange={setPasscode}
            autoFocus
            aria-label={label}
            data-testid={`${testId}-passcode`}
          />
          {mutation.isError && <ApiErrorAlert error={mutation.error} testId={`${testId}-error`} />}
          <Button
            type="submit"
            fullWidth
            h={TOUCH_TARGET}
            disabled={passcode.length !== 4}
            loading={mutation.isPending}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
