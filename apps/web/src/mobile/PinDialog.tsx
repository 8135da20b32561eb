import { useTranslation } from "react-i18next";
import { NewDigitsDialog } from "../ui/four-digits/NewDigitsDialog.tsx";
import { setCardPin } from "./mobile.api.ts";

type PinDialogProps = { cardId: string; opened: boolean; onClose: () => void };

/**
 * Set or change the card's PIN (issue 17; spec 7 `pin/set`): the new PIN twice, then the passcode again. The server
 * keeps a hash and audits the change.
 */
export function PinDialog({ cardId, opened, onClose }: PinDialogProps) {
  const { t } = useTranslation();
  return (
    <NewDigitsDialog
      opened={opened}
      onClose={onClose}
      texts={{
        title: t("employeeApp.pin.title"),
        newLabel: t("employeeApp.pin.newPin"),
        againLabel: t("employeeApp.pin.again"),
        passcodeLabel: t("employeeApp.pin.passcode"),
        mismatch: t("employeeApp.pin.mismatch"),
        submit: t("employeeApp.pin.submit"),
        saved: t("employeeApp.pin.saved"),
        done: t("employeeApp.pin.done"),
      }}
      save={(pin, passcode) => setCardPin(cardId, pin, passcode)}
      testId="app-pin"
    />
  );
}
