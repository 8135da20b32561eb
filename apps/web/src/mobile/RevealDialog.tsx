import { Button, Modal, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { TOUCH_TARGET } from "./app-paths.ts";
import { FourDigitInput } from "./FourDigitInput.tsx";
import { type CardDetails, revealCard } from "./mobile.api.ts";
import { FAIL_OFFLINE } from "./offline.ts";

type RevealDialogProps = {
  cardId: string;
  opened: boolean;
  onClose: () => void;
  onRevealed: (details: CardDetails) => void;
};

/**
 * The passcode asked again before the card's number shows. The answer goes straight to the caller's state: a
 * mutation, so nothing of it is kept in the query cache.
 */
export function RevealDialog({ cardId, opened, onClose, onRevealed }: RevealDialogProps) {
  const { t } = useTranslation();
  const [passcode, setPasscode] = useState("");
  const reveal = useMutation({
    mutationFn: (pin: string) => revealCard(cardId, pin),
    ...FAIL_OFFLINE,
    onSuccess: (details) => {
      setPasscode("");
      reveal.reset();
      onRevealed(details);
    },
    onError: () => setPasscode(""),
  });
  const close = () => {
    setPasscode("");
    reveal.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("employeeApp.reveal.title")} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (passcode.length === 4) reveal.mutate(passcode);
        }}
      >
        <Stack gap="md" align="center">
          <Text size="sm">{t("employeeApp.reveal.intro")}</Text>
          <FourDigitInput
            value={passcode}
            onChange={setPasscode}
            autoFocus
            aria-label={t("employeeApp.reveal.label")}
            data-testid="app-reveal-passcode"
          />
          {reveal.isError && <ApiErrorAlert error={reveal.error} testId="app-reveal-error" />}
          <Button
            type="submit"
            fullWidth
            h={TOUCH_TARGET}
            disabled={passcode.length !== 4}
            loading={reveal.isPending}
            data-testid="app-reveal-submit"
          >
            {t("employeeApp.reveal.submit")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
