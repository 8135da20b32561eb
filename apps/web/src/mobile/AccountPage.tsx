import { formatPhone } from "@kort/core";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMyProfile } from "../app/account/my-profile.ts";
import { PasscodeChange } from "../app/account/PasscodeChange.tsx";
import { PhoneChange } from "../app/account/PhoneChange.tsx";
import { EmailAliases } from "../modules/settings/EmailAliases.tsx";
import { LanguageSection } from "../modules/settings/LanguageSection.tsx";
import { forgetUnlockHere } from "./unlock-flag.ts";

/**
 * `/app/account`: who the person is signed in as, their phone number, the extra e-mail addresses their e-mailed
 * receipts may come from, their passcode and their language. A change removes biometric unlock on every
 * phone (the server's doing), so this phone forgets it too and the cards page offers it again.
 */
export function AccountPage() {
  const { t } = useTranslation();
  // One question: the profile carries the name and e-mail beside the phone.
  const profile = useMyProfile();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("employeeApp.account.title")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap={2} mb="md">
          <Text fw={600} data-testid="app-account-name">
            {profile.data?.full_name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {profile.data?.email}
          </Text>
          <Text size="sm" c="dimmed" data-testid="app-account-phone">
            {profile.data?.phone ? formatPhone(profile.data.phone, "international") : ""}
          </Text>
        </Stack>
        <PhoneChange />
      </Paper>
      <EmailAliases touch />
      <PasscodeChange onSaved={forgetUnlockHere} />
      <LanguageSection touch />
    </Stack>
  );
}
