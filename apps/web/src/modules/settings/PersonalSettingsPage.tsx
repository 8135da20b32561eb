import { formatPhone, isPossiblyAllowed, PROFILE_IMAGE_ACCEPT } from "@kort/core";
import { Avatar, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useMyProfile } from "../../app/account/my-profile.ts";
import { PasscodeChange } from "../../app/account/PasscodeChange.tsx";
import { PhoneChange } from "../../app/account/PhoneChange.tsx";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { useMe } from "../../app/session/useMe.ts";
import { ReferralsCard } from "../referrals/ReferralsCard.tsx";
import { EmailAliases } from "./EmailAliases.tsx";
import { LanguageSection } from "./LanguageSection.tsx";
import { useUploadPhoto } from "./usePersonalSettings.ts";

/**
 * `/personal-settings` (spec 2, issue 16): the profile photo, the read-only profile, e-mail aliases, the passcode and
 * the language.
 */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const uploadPhoto = useUploadPhoto();
  const role = useCurrentRole(useSelectedProjectId());
  // Referrals are the owners' (the server asks `user invite`, which only they hold).
  const canRefer = role.data ? isPossiblyAllowed(role.data, "user", "invite") : false;
  const image = me.data?.image?.thumbnail_url ?? null;
  const profile = useMyProfile();
  return (
    <Stack gap="lg" maw={560}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("pages.personalSettings.profile")}
          </Title>
          <Group gap="md" wrap="nowrap">
            <Avatar src={image} size={72} radius="xl" color="kort" data-testid="settings-avatar">
              {me.data?.full_name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Text fw={600} size="sm">
                {t("pages.personalSettings.photo")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("pages.personalSettings.photoHint")}
              </Text>
              <FileButton
                accept={PROFILE_IMAGE_ACCEPT}
                onChange={(file) => file && uploadPhoto.mutate(file)}
                inputProps={{ "data-testid": "photo-input" } as Record<string, string>}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    className="wraps"
                    leftSection={<IconUpload size={14} />}
                    loading={uploadPhoto.isPending}
                    data-testid="photo-choose"
                  >
                    {t("pages.personalSettings.choosePhoto")}
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Group>
          <TextInput label={t("pages.personalSettings.fullName")} value={me.data?.full_name ?? ""} readOnly />
          <TextInput label={t("pages.personalSettings.email")} value={me.data?.email ?? ""} readOnly />
          <TextInput
            label={t("pages.personalSettings.phone")}
            value={profile.data?.phone ? formatPhone(profile.data.phone, "international") : ""}
            readOnly
            data-testid="settings-phone"
          />
          <PhoneChange />
        </Stack>
      </Paper>
      <EmailAliases />
      <PasscodeChange />
      {canRefer && <ReferralsCard />}
      <LanguageSection />
    </Stack>
  );
}
