import type { InviteRoleChoice } from "@kort/core";
import { Loader, Stack, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";

const CHOICE_KEYS = {
  user: { title: "people.invite.choices.user", body: "people.invite.choices.userBody" },
  team_admin: { title: "people.invite.choices.team_admin", body: "people.invite.choices.team_adminBody" },
  admin: { title: "people.invite.choices.admin", body: "people.invite.choices.adminBody" },
  accountant: { title: "people.invite.choices.accountant", body: "people.invite.choices.accountantBody" },
} as const;

/** Step 1 of the invite panel: the role of the person invited; choosing one goes to step 2. */
export function InviteRoleStep({
  choices,
  loading,
  onChoose,
}: {
  choices: readonly InviteRoleChoice[];
  loading: boolean;
  onChoose: (choice: InviteRoleChoice) => void;
}) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t("states.loading")} />;
  return (
    <Stack gap="sm" data-testid="invite-role-step">
      <Text size="sm" c="dimmed">
        {t("people.invite.chooseRole")}
      </Text>
      {choices.map((choice) => (
        <UnstyledButton
          key={choice}
          onClick={() => onChoose(choice)}
          p="md"
          data-testid={`invite-role-${choice}`}
          style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: "var(--mantine-radius-md)" }}
        >
          <Text fw={600}>{t(CHOICE_KEYS[choice].title)}</Text>
          <Text size="sm" c="dimmed">
            {t(CHOICE_KEYS[choice].body)}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
