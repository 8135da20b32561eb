import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { useMe } from "../../app/session/useMe.ts";
import { scriptChatAdapter } from "./chat-adapter.ts";
import { useSendSupportMessage, useSupportConfig } from "./useSupport.ts";

/**
 * Support in the header (docs/support.md): with a chat provider configured, its widget is started once with the
 * user's name, e-mail and account creation date (the widget shows its own launcher); otherwise a help button opens
 * the support form, whose message the server mails to the support address.
 */
export function SupportButton() {
  const { t, i18n } = useTranslation();
  const config = useSupportConfig();
  const me = useMe();
  const started = useRef(false);
  const [opened, setOpened] = useState(false);
  const chat = config.data?.chat ?? null;

  useEffect(() => {
    if (!chat || !me.data || started.current) return;
    started.current = true;
    const user = { name: me.data.full_name, email: me.data.email, created_at: me.data.created_at };
    // A widget that fails to load leaves the dashboard as it is; the support address is still on the error screens.
    scriptChatAdapter(chat)
      .start(user, i18n.language)
      .catch(() => {
        started.current = false;
      });
  }, [chat, me.data, i18n.language]);

  if (!config.data || chat) return null;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => setOpened(true)}
        aria-label={t("support.open")}
        data-testid="support-button"
      >
        <IconHelp size={22} />
      </ActionIcon>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("support.title")} centered size="lg">
        {opened && <SupportForm email={config.data.email} onSent={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function SupportForm({ email, onSent }: { email: string; onSent: () => void }) {
  const { t } = useTranslation();
  const send = useSendSupportMessage();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (message.trim() === "") {
      setMissing(true);
      return;
    }
    send.mutate({ subject: subject.trim(), message: message.trim() }, { onSuccess: onSent });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="support-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("support.intro", { email })}
        </Text>
        <TextInput
          label={t("support.subject")}
          maxLength={200}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          data-testid="support-subject"
        />
        <Textarea
          label={t("support.message")}
          required
          autosize
          minRows={4}
          maxLength={5000}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t("support.messageRequired") : null}
          data-testid="support-message"
        />
        {send.isError && <ApiErrorAlert error={send.error} testId="support-error" />}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} data-testid="support-send">
            {t("support.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
