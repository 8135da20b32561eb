import { Alert, Button, Code, Modal, Stack, Text } from "@mantine/core";
import { IconBrandApple, IconBrandGoogle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { TOUCH_TARGET, useClose44 } from "../ui/touch-target.ts";
import { provisionCard, type Wallet } from "./mobile.api.ts";
import { FAIL_OFFLINE } from "./offline.ts";

type WalletDialogProps = { cardId: string; opened: boolean; onClose: () => void };

const WALLET_NAMES: Record<Wallet, string> = { apple: "Apple Wallet", google: "Google Wallet" };

/**
 * Add the card to the phone's wallet (issue 17; spec 7 `provision/apple` and `provision/google`). A web page has
 * no wallet to hand the payload to, so the app shows what the phone would do with it: the encrypted pass goes to
 * the wallet app, which activates the card with the activation data. The payload's secrets are encrypted to the
 * wallet; only their first characters are shown, as proof that it arrived.
 */
export function WalletDialog({ cardId, opened, onClose }: WalletDialogProps) {
  const { t } = useTranslation();
  const close44 = useClose44();
  const provision = useMutation({
    mutationFn: (wallet: Wallet) => provisionCard(cardId, wallet).then((payload) => ({ wallet, payload })),
    ...FAIL_OFFLINE,
  });
  const close = () => {
    provision.reset();
    onClose();
  };
  const done = provision.data;
  return (
    <Modal opened={opened} onClose={close} title={t("employeeApp.wallet.title")} centered closeButtonProps={close44}>
      <Stack gap="md">
        {done ? (
          <>
            <Alert color="green" variant="light" data-testid="app-wallet-done" data-wallet={done.wallet}>
              <Text size="sm">{t("employeeApp.wallet.done", { wallet: WALLET_NAMES[done.wallet] })}</Text>
            </Alert>
            <Text size="sm">{t("employeeApp.wallet.demo", { wallet: WALLET_NAMES[done.wallet] })}</Text>
            <Code block data-testid="app-wallet-payload">
              {`encrypted_pass_data: ${done.payload.encrypted_pass_data.slice(0, 16)}…\nactivation_data: ${done.payload.activation_data.slice(0, 16)}…`}
            </Code>
            <Button h={TOUCH_TARGET} onClick={close} data-testid="app-wallet-close">
              {t("employeeApp.wallet.close")}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{t("employeeApp.wallet.intro")}</Text>
            {provision.isError && <ApiErrorAlert error={provision.error} testId="app-wallet-error" />}
            <Button
              h={TOUCH_TARGET}
              color="dark"
              leftSection={<IconBrandApple size={18} />}
              loading={provision.isPending && provision.variables === "apple"}
              disabled={provision.isPending}
              onClick={() => provision.mutate("apple")}
              data-testid="app-wallet-apple"
            >
              {t("employeeApp.wallet.add", { wallet: WALLET_NAMES.apple })}
            </Button>
            <Button
              h={TOUCH_TARGET}
              variant="default"
              leftSection={<IconBrandGoogle size={18} />}
              loading={provision.isPending && provision.variables === "google"}
              disabled={provision.isPending}
              onClick={() => provision.mutate("google")}
              data-testid="app-wallet-google"
            >
              {t("employeeApp.wallet.add", { wallet: WALLET_NAMES.google })}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
