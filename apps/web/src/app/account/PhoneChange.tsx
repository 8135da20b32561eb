import { VERIFICATION_CODE_LENGTH } from "@kort/core";
import { Alert, Button, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPhone } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeField } from "../../modules/auth/components/CodeField.tsx";
import { formatPhoneTyping } from "../../modules/auth/signup/typing-format.ts";
import { checkMobile, type IdentityProblem } from "../../modules/onboarding/identity-checks.ts";
import { FourDigitInput } from "../../ui/four-digits/FourDigitInput.tsx";
import { TOUCH_TARGET, useClose44 } from "../../ui/touch-target.ts";
import { rest } from "../api/client.ts";
import { ApiErrorAlert } from "../errors/ApiErrorAlert.tsx";
import { MY_PROFILE_KEY } from "./my-profile.ts";

type Started = { verification_id: string; expires_at: string; phone_hint: string };

/**
 * The person's phone number, changed by themselves (spec 6: `user change-phone`): the new mobile number and the
 * passcode, then the code that number received by SMS. Sign-in codes go to the number only once its code came back,
 * so a typo cannot lock the person out; the server e-mails them about the change.
 */
export function PhoneChange() {
  const { t } = useTranslation();
  const close44 = useClose44();
  const queryClient = useQueryClient();
  const [opened, { open, close: hide }] = useDisclosure(false);
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<IdentityProblem | null>(null);
  const [passcode, setPasscode] = useState("");
  const [code, setCode] = useState("");
  const start = useMutation({
    mutationFn: (value: string) => rest<Started>("POST", "/users/current/phone", { phone: value, passcode }),
    networkMode: "always",
    // The passcode is not kept once it has done its work: starting again asks it again.
    onSettled: () => setPasscode(""),
  });
  const confirm = useMutation({
    mutationFn: (verificationId: string) =>
      rest<{ phone: string }>("PUT", "/users/current/phone", { verification_id: verificationId, code }),
    networkMode: "always",
    onError: () => setCode(""),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PROFILE_KEY }),
  });
  const close = () => {
    setPhone("");
    setProblem(null);
    setPasscode("");
    setCode("");
    start.reset();
    confirm.reset();
    hide();
  };
  const sendCode = () => {
    const checked = checkMobile(phone);
    setProblem(checked.ok ? null : checked.message);
    if (checked.ok && passcode.length === 4) start.mutate(checked.value);
  };
  const started = start.data;
  return (
    <>
      <Button
        variant="light"
        mih={TOUCH_TARGET}
        className="wraps"
        style={{ alignSelf: "flex-start" }}
        leftSection={<IconPhone size={16} />}
        onClick={open}
        data-testid="phone-change-open"
      >
        {t("phoneChange.title")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("phoneChange.title")} centered closeButtonProps={close44}>
        {confirm.isSuccess ? (
          <Stack gap="md">
            <Alert color="green" variant="light" data-testid="phone-change-saved">
              <Text size="sm">{t("phoneChange.saved")}</Text>
            </Alert>
            <Button h={TOUCH_TARGET} onClick={close} data-testid="phone-change-done">
              {t("phoneChange.done")}
            </Button>
          </Stack>
        ) : started ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (code.length === VERIFICATION_CODE_LENGTH) confirm.mutate(started.verification_id);
            }}
          >
            <Stack gap="md">
              <Text size="sm" data-testid="phone-change-sent">
                {t("phoneChange.sent", { hint: started.phone_hint })}
              </Text>
              <CodeField
                label={t("phoneChange.code")}
                length={VERIFICATION_CODE_LENGTH}
                value={code}
                onChange={setCode}
                testId="phone-change-code"
              />
              {confirm.isError && <ApiErrorAlert error={confirm.error} testId="phone-change-error" />}
              <Button
                type="submit"
                h={TOUCH_TARGET}
                disabled={code.length !== VERIFICATION_CODE_LENGTH}
                loading={confirm.isPending}
                data-testid="phone-change-confirm"
              >
                {t("phoneChange.confirm")}
              </Button>
              {/* A mistyped number, an expired code or one tried too often: back to the number, kept as typed. */}
              <Button
                variant="subtle"
                h={TOUCH_TARGET}
                onClick={() => {
                  setCode("");
                  start.reset();
                  confirm.reset();
                }}
                data-testid="phone-change-restart"
              >
                {t("phoneChange.restart")}
              </Button>
            </Stack>
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              sendCode();
            }}
          >
            <Stack gap="md">
              <Text size="sm">{t("phoneChange.intro")}</Text>
              <TextInput
                type="tel"
                label={t("phoneChange.phone")}
                placeholder="612 3456"
                autoComplete="tel-national"
                size="md"
                value={phone}
                onChange={(event) => setPhone(formatPhoneTyping(event.currentTarget.value))}
                error={problem && t(problem)}
                data-testid="phone-change-phone"
                data-autofocus
              />
              <Stack gap="xs" align="center">
                <Text size="sm">{t("phoneChange.passcode")}</Text>
                <FourDigitInput
                  value={passcode}
                  onChange={setPasscode}
                  aria-label={t("phoneChange.passcode")}
                  data-testid="phone-change-passcode"
                />
              </Stack>
              {start.isError && <ApiErrorAlert error={start.error} testId="phone-change-error" />}
              <Button
                type="submit"
                h={TOUCH_TARGET}
                disabled={phone.trim() === "" || passcode.length !== 4}
                loading={start.isPending}
                data-testid="phone-change-send"
              >
                {t("phoneChange.send")}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
