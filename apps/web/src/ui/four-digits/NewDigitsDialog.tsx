import { Alert, Button, Modal, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { TOUCH_TARGET, useClose44 } from "../touch-target.ts";
import { FourDigitInput } from "./FourDigitInput.tsx";

export type NewDigitsTexts = {
  title: string;
  intro?: ReactNode;
  newLabel: string;
  againLabel: string;
  passcodeLabel: string;
  mismatch: string;
  submit: string;
  saved: string;
  done: string;
};

type NewDigitsDialogProps = {
  opened: boolean;
  onClose: () => void;
  texts: NewDigitsTexts;
  /** The person's passcode is asked first (a passcode change) or last, to confirm (a card's PIN). */
  passcodeFirst?: boolean;
  /** Sends the new digits with the passcode; its error shows in the dialog and the passcode is asked again. */
  save: (digits: string, passcode: string) => Promise<unknown>;
  onSaved?: () => void;
  /** Prefix of the test ids: `{testId}-new`, `-again`, `-mismatch`, `-passcode`, `-error`, `-submit`, `-saved`, `-done`. */
  testId: string;
};

/**
 * Four new digits, typed twice, with the person's passcode: a card's PIN (issue 17) or the passcode itself. The
 * digits live only in this dialog's state and are cleared on close. Thumb-sized, as the employee app needs; the
 * dashboard's personal settings use it as it is. A change is tried even offline, so it fails at once rather than
 * waiting in a queue the person cannot see.
 */
export function NewDigitsDialog({
  opened,
  onClose,
  texts,
  passcodeFirst,
  save,
  onSaved,
  testId,
}: NewDigitsDialogProps) {
  const close44 = useClose44();
  const [digits, setDigits] = useState("");
  const [again, setAgain] = useState("");
  const [passcode, setPasscode] = useState("");
  const mutation = useMutation({
    mutationFn: () => save(digits, passcode),
    networkMode: "always",
    onError: () => setPasscode(""),
    onSuccess: () => onSaved?.(),
  });
  const close = () => {
    setDigits("");
    setAgain("");
    setPasscode("");
    mutation.reset();
    onClose();
  };
  const mismatch = again.length === 4 && again !== digits;
  const ready = digits.length === 4 && again === digits && passcode.length === 4;
  const passcodeField = (
    <Stack gap="xs" align="center" key="passcode">
      <Text size="sm">{texts.passcodeLabel}</Text>
      <FourDigitInput
        value={passcode}
        onChange={setPasscode}
        autoFocus={passcodeFirst}
        aria-label={texts.passcodeLabel}
        data-testid={`${testId}-passcode`}
      />
    </Stack>
  );
  const newFields = (
    <Stack gap="xs" align="center" key="new">
      <Text size="sm">{texts.newLabel}</Text>
      <FourDigitInput
        value={digits}
        onChange={setDigits}
        autoFocus={!passcodeFirst}
        aria-label={texts.newLabel}
        data-testid={`${testId}-new`}
      />
      <Text size="sm">{texts.againLabel}</Text>
      <FourDigitInput
        value={again}
        onChange={setAgain}
        error={mismatch}
        aria-label={texts.againLabel}
        data-testid={`${testId}-again`}
      />
      {mismatch && (
        <Text size="sm" c="red" data-testid={`${testId}-mismatch`}>
          {texts.mismatch}
        </Text>
      )}
    </Stack>
  );
  return (
    <Modal opened={opened} onClose={close} title={texts.title} centered closeButtonProps={close44}>
      {mutation.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" data-testid={`${testId}-saved`}>
            <Text size="sm">{texts.saved}</Text>
          </Alert>
          <Button h={TOUCH_TARGET} onClick={close} data-testid={`${testId}-done`}>
            {texts.done}
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) mutation.mutate();
          }}
        >
          <Stack gap="md" align="center">
            {texts.intro && <Text size="sm">{texts.intro}</Text>}
            {passcodeFirst ? [passcodeField, newFields] : [newFields, passcodeField]}
            {mutation.isError && <ApiErrorAlert error={mutation.error} testId={`${testId}-error`} />}
            <Button
              type="submit"
              fullWidth
              h={TOUCH_TARGET}
              disabled={!ready}
              loading={mutation.isPending}
              data-testid={`${testId}-submit`}
            >
              {texts.submit}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
