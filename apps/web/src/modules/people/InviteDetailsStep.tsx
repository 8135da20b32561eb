import { isValidEmail } from "@kort/core";
import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { Dropdown } from "../../ui/dropdown/Dropdown.tsx";
import { canSubmitInvite, type InviteForm } from "./invite-form.ts";
import { useInviteTeams } from "./usePeopleQueries.ts";

const CHOICE_TITLE = {
  user: "people.invite.choices.user",
  team_admin: "people.invite.choices.team_admin",
  admin: "people.invite.choices.admin",
  accountant: "people.invite.choices.accountant",
} as const;

type Props = {
  form: InviteForm;
  update: (patch: Partial<InviteForm>) => void;
  onBack: () => void;
  onSubmit: () => void;
  sending: boolean;
};

/**
 * Step 2 of the invite panel: e-mail and team, and for a team admin their limit control (spec 5: an empty
 * maximum means no limit; self-issuing defaults to yes). The team is required for a team admin only.
 */
export function InviteDetailsStep({ form, update, onBack, onSubmit, sending }: Props) {
  const { t } = useTranslation();
  const [emailTouched, setEmailTouched] = useState(false);
  const teams = useInviteTeams(true);
  const teamAdmin = form.choice === "team_admin";
  const emailProblem = emailTouched && form.email.trim() !== "" && !isValidEmail(form.email);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmitInvite(form) && !sending) onSubmit();
      }}
      data-testid="invite-details-step"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Button
            variant="subtle"
            px={0}
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
            data-testid="invite-back"
          >
            {t("people.invite.back")}
          </Button>
          <Text fw={600} data-testid="invite-chosen-role">
            {form.choice ? t(CHOICE_TITLE[form.choice]) : ""}
          </Text>
        </Group>
        <TextInput
          label={t("people.invite.email")}
          placeholder={t("people.invite.emailPlaceholder")}
          withAsterisk
          type="email"
          value={form.email}
          onChange={(event) => update({ email: event.currentTarget.value })}
          onBlur={() => setEmailTouched(true)}
          error={emailProblem ? t("validation.email") : undefined}
          data-testid="invite-email"
        />
        <Dropdown
          label={teamAdmin ? `${t("people.invite.team")} *` : t("people.invite.teamOptional")}
          placeholder={t("people.invite.teamPlaceholder")}
          options={(teams.data ?? []).map((team) => ({ id: team.id, title: team.name }))}
          value={form.teamId}
          onChange={(teamId) => update({ teamId })}
          searchable
          toggleable
          popupWidth="target"
          disabled={teams.isPending}
          data-testid="invite-team"
        />
        {teams.isError && (
          <Text size="sm" c="red">
            {t("people.errors.teams")}
          </Text>
        )}
        {teamAdmin && (
          <Stack gap="sm" data-testid="invite-limit-control">
            <AmountInput
              label={t("people.limits.maxMonthly")}
              description={t("people.limits.maxMonthlyHint")}
              rightSection={t("people.currency")}
              value={form.maxMonthlyLimit}
              onChange={(maxMonthlyLimit) => update({ maxMonthlyLimit })}
              data-testid="invite-max-monthly"
            />
            <Checkbox
              label={t("people.limits.allowSelf")}
              checked={form.allowIssuingCardsToSelf}
              onChange={(event) => update({ allowIssuingCardsToSelf: event.currentTarget.checked })}
              data-testid="invite-allow-self"
            />
          </Stack>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!canSubmitInvite(form)} loading={sending} data-testid="invite-send">
            {t("people.invite.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
