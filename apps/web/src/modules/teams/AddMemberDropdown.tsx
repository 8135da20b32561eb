import { Button } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Dropdown, type DropdownOption } from "../../ui/dropdown/Dropdown.tsx";
import { useProjectUsers } from "../people/useProjectUsers.ts";

export type AddMemberDropdownProps = {
  memberIds: ReadonlySet<string>;
  onPick: (user: { user_id: string; full_name: string }) => void;
  busy: boolean;
};

/** Adds a member: a searchable list of the project's people who are not in the team yet. */
export function AddMemberDropdown({ memberIds, onPick, busy }: AddMemberDropdownProps) {
  const { t } = useTranslation();
  const users = useProjectUsers();
  const options: DropdownOption[] = (users.data ?? [])
    .filter((user) => !memberIds.has(user.user_id))
    .map((user) => ({ id: user.user_id, title: user.full_name, subtitle: user.email }));
  return (
    <Dropdown
      options={options}
      value={null}
      searchable
      onChange={(id) => {
        const user = users.data?.find((candidate) => candidate.user_id === id);
        if (user) onPick(user);
      }}
      renderTarget={({ toggle }) => (
        <Button
          variant="light"
          size="xs"
          className="wraps"
          leftSection={<IconUserPlus size={16} />}
          onClick={toggle}
          loading={busy || users.isPending}
          data-testid="add-member-button"
        >
          {t("teams.members.add")}
        </Button>
      )}
    />
  );
}
