import { MultiSelect, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useProjectUsers } from "../people/useProjectUsers.ts";

export type MemberMultiSelectProps = { value: string[]; onChange: (ids: string[]) => void; disabled?: boolean };

/** Picks members of the project for a new team: searchable by name, each shown with their e-mail. */
export function MemberMultiSelect({ value, onChange, disabled = false }: MemberMultiSelectProps) {
  const { t } = useTranslation();
  const users = useProjectUsers();
  const people = users.data ?? [];
  const emailOf = new Map(people.map((person) => [person.user_id, person.email]));
  return (
    <MultiSelect
      label={t("teams.form.members")}
      placeholder={value.length === 0 ? t("teams.form.membersPlaceholder") : undefined}
      data={people.map((person) => ({ value: person.user_id, label: person.full_name }))}
      value={value}
      onChange={onChange}
      searchable
      hidePickedOptions
      clearable
      disabled={disabled || users.isPending}
      error={users.isError ? t("teams.errors.users") : undefined}
      nothingFoundMessage={t("ui.dropdown.nothingFound")}
      maxDropdownHeight={300}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {emailOf.get(option.value)}
          </Text>
        </Stack>
      )}
      data-testid="team-members-select"
    />
  );
}
