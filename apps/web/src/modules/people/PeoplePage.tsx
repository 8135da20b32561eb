import { Alert, Badge, Button, Group, Loader, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { useMe } from "../../app/session/useMe.ts";
import { ChangeRoleModal } from "./ChangeRoleModal.tsx";
import { InvitePanel } from "./InvitePanel.tsx";
import { InvitesTable } from "./InvitesTable.tsx";
import { LimitControlModal } from "./LimitControlModal.tsx";
import { type Person, UNLOCK_USER_MUTATION } from "./people.graphql.ts";
import { peoplePermissions, type RowAction, rowActions } from "./people-permissions.ts";
import { RemoveUserModal } from "./RemoveUserModal.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { usePeopleMutation } from "./usePeopleMutation.ts";
import { usePendingInvites, usePeople } from "./usePeopleQueries.ts";

/** Spec 9: the search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

type Open = { action: Exclude<RowAction, "unlock">; person: Person } | null;

/** `/people`: the project's users (search, count, row actions by permission) and its pending invitations. */
export function PeoplePage() {
  const { t } = useTranslation();
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  const myId = useMe().data?.user_id ?? null;
  const permissions = peoplePermissions(role);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const people = usePeople(debounced);
  const invites = usePendingInvites();
  const [inviting, setInviting] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const unlock = usePeopleMutation(UNLOCK_USER_MUTATION, "unlock", () => t("people.toast.unlocked"));

  const onAction = (action: RowAction, person: Person) => {
    if (action === "unlock") unlock.mutate({ user_id: person.user_id });
    else setOpen({ action, person });
  };
  const failed = (error: unknown) => t("people.errors.fetch", { reason: t(errorKey(toApiError(error).code)) });

  return (
    <Stack gap="lg" data-testid="people-page">
      <Group justify="space-between">
        <TextInput
          placeholder={t("people.search")}
          aria-label={t("people.search")}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
          data-testid="people-search"
        />
        {permissions.invite && (
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setInviting(true)}
            data-testid="invite-button"
          >
            {t("people.invite.button")}
          </Button>
        )}
      </Group>
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users" data-testid="people-tab-users">
            <Group gap="xs">
              {t("people.tabs.users")}
              <Badge size="sm" variant="light" data-testid="user-count">
                {people.data?.total_count ?? "…"}
              </Badge>
            </Group>
          </Tabs.Tab>
          <Tabs.Tab value="invites" data-testid="people-tab-invites">
            <Group gap="xs">
              {t("people.tabs.invites")}
              <Badge size="sm" variant="light" data-testid="invite-count">
                {invites.data?.length ?? "…"}
              </Badge>
            </Group>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          {people.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
          {people.isError && (
            <Alert color="red" variant="light" role="alert">
              {failed(people.error)}
            </Alert>
          )}
          {people.data && people.data.nodes.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="users-empty">
              {debounced ? t("people.list.noMatch") : t("pages.people.emptyBody")}
            </Text>
          )}
          {people.data && people.data.nodes.length > 0 && (
            <UsersTable
              people={people.data.nodes}
              actionsFor={(person) => rowActions(permissions, person, myId)}
              onAction={onAction}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="invites" pt="md">
          {invites.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
          {invites.isError && (
            <Alert color="red" variant="light" role="alert">
              {failed(invites.error)}
            </Alert>
          )}
          {invites.data && <InvitesTable invites={invites.data} canRevoke={permissions.invite} />}
        </Tabs.Panel>
      </Tabs>
      {permissions.invite && <InvitePanel opened={inviting} onClose={() => setInviting(false)} />}
      {open?.action === "role" && <ChangeRoleModal person={open.person} onClose={() => setOpen(null)} />}
      {open?.action === "limits" && <LimitControlModal person={open.person} onClose={() => setOpen(null)} />}
      {open?.action === "remove" && <RemoveUserModal person={open.person} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
