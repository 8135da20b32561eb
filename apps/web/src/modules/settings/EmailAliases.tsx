import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconLogin, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useMe } from "../../app/session/useMe.ts";
import { PasscodeDialog } from "../../ui/four-digits/PasscodeDialog.tsx";
import { TOUCH_TARGET } from "../../ui/touch-target.ts";
import type { EmailAlias } from "./email-addresses.graphql.ts";
import {
  useAddEmailAddress,
  useEmailAddresses,
  useMakeSignInAddress,
  useRemoveEmailAddress,
} from "./useEmailAddresses.ts";

/**
 * Personal settings' e-mail aliases: add (Enter submits), verified or unverified badge, remove, and a verified one
 * made the sign-in address after the passcode. `touch`: the employee app's thumb-sized controls (44 px).
 */
export function EmailAliases({ touch = false }: { touch?: boolean }) {
  const { t } = useTranslation();
  const list = useEmailAddresses();
  const add = useAddEmailAddress();
  const remove = useRemoveEmailAddress();
  const me = useMe();
  const [signInWith, setSignInWith] = useState<EmailAlias | null>(null);
  const makeSignIn = useMakeSignInAddress(signInWith?.id ?? null, () => setSignInWith(null));
  const [email, setEmail] = useState("");
  const refusal = add.error ? t(errorKey(toApiError(add.error).code)) : null;

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("pages.personalSettings.aliases.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("pages.personalSettings.aliases.hint")}
        </Text>
        {(list.data ?? []).map((alias) => (
          <Group
            key={alias.id}
            justify="space-between"
            wrap={touch ? "wrap" : "nowrap"}
            data-testid="alias"
            data-email={alias.email}
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" truncate>
                {alias.email}
              </Text>
              {alias.verified_at ? (
                <Badge color="teal" variant="light" data-testid="alias-verified">
                  {t("pages.personalSettings.aliases.verified")}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="alias-unverified">
                  {t("pages.personalSettings.aliases.unverified")}
                </Badge>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              {alias.verified_at && (
                <Button
                  variant="subtle"
                  size={touch ? "sm" : "compact-sm"}
                  h={touch ? TOUCH_TARGET : undefined}
                  leftSection={<IconLogin size={14} />}
                  aria-label={t("pages.personalSettings.aliases.makeSignInLabel", { email: alias.email })}
                  onClick={() => setSignInWith(alias)}
                  data-testid="alias-make-sign-in"
                >
                  {t("pages.personalSettings.aliases.makeSignIn")}
                </Button>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                size={touch ? TOUCH_TARGET : undefined}
                aria-label={t("pages.personalSettings.aliases.remove", { email: alias.email })}
                loading={remove.isPending && remove.variables?.id === alias.id}
                onClick={() => remove.mutate(alias)}
                data-testid="alias-remove"
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(email.trim(), { onSuccess: () => setEmail("") });
          }}
        >
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                if (add.isError) add.reset();
              }}
              placeholder={t("pages.personalSettings.aliases.placeholder")}
              aria-label={t("pages.personalSettings.aliases.placeholder")}
              error={refusal}
              size={touch ? "lg" : undefined}
              data-testid="alias-input"
            />
            <Button
              type="submit"
              h={touch ? TOUCH_TARGET : undefined}
              loading={add.isPending}
              disabled={email.trim() === ""}
              data-testid="alias-add"
            >
              {t("pages.personalSettings.aliases.add")}
            </Button>
          </Group>
        </form>
      </Stack>
      <PasscodeDialog
        opened={signInWith !== null}
        onClose={() => setSignInWith(null)}
        title={t("pages.personalSettings.aliases.makeSignInTitle")}
        intro={t("pages.personalSettings.aliases.makeSignInIntro", {
          email: signInWith?.email ?? "",
          current: me.data?.email ?? "",
        })}
        label={t("pages.personalSettings.aliases.passcode")}
        submitLabel={t("pages.personalSettings.aliases.makeSignIn")}
        mutation={makeSignIn}
        testId="alias-sign-in"
      />
    </Paper>
  );
}
