import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PasscodeDialog } from "../ui/four-digits/PasscodeDialog.tsx";
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
 * mutation, reset once answered, so nothing of it is kept in the query cache or the mutation's state.
 */
export function RevealDialog({ cardId, opened, onClose, onRevealed }: RevealDialogProps) {
  const { t } = useTranslation();
  const reveal = useMutation({
    mutationFn: (pin: string) => revealCard(cardId, pin),
    ...FAIL_OFFLINE,
    onSuccess: (details) => {
      reveal.reset();
      onRevealed(details);
    },
  });
  return (
    <PasscodeDialog
      label={t("employeeApp.reveal.label")}
      opened={opened}
      onClose={onClose}
      title={t("employeeApp.reveal.title")}
      intro={t("employeeApp.reveal.intro")}
      submitLabel={t("employeeApp.reveal.submit")}
      mutation={reveal}
      testId="app-reveal"
    />
  );
}
