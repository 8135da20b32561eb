import { formatDate } from "@kort/core";
import { Badge, Button, Card, Loader, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { format } from "date-fns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../app/errors/ApiErrorAlert.tsx";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { REAPPROVE_USER_MUTATION } from "./platform.graphql.ts";
import { useLockedUsers, usePlatformMutation } from "./usePlatform.ts";

/** Spec 9: searches wait this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * People locked out of sign-in in any company (user reapprove): the newest locks, or those whose e-mail contains
 * what is typed; unlocking lets them sign in again.
 */
export function LockedUsersCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const locked = useLockedUsers(debounced);
  const reapprove = usePlatformMutation(REAPPROVE_USER_MUTATION, "reapprove", (_variables, result) =>
    t("platform.toast.reapproved", { name: result.reapprove_user.full_name }),
  );
  const users = locked.data ?? [];

  return (
    <Card withBorder padding="lg" data-testid="locked-users">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("platform.locked.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("platform.locked.body")}
        </Text>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t("platform.locked.search")}
          aria-label={t("platform.locked.search")}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="locked-users-search"
        />
        {locked.isPending && <Loader size="sm" />}
        {locked.isError && <ApiErrorAlert error={locked.error} testId="locked-users-error" />}
        {locked.isSuccess && users.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="locked-users-empty">
            {t("platform.locked.none")}
          </Text>
        )}
        {users.length > 0 && (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("platform.locked.name")}</Table.Th>
                  <Table.Th>{t("platform.locked.email")}</Table.Th>
                  <Table.Th>{t("platform.locked.lock")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("platform.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <Table.Tr key={user.user_id} data-testid="locked-user-row" data-email={user.email}>
                    <Table.Td>{user.full_name}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      {user.locked_permanently || !user.locked_until ? (
                        <Badge color="red" variant="light">
                          {t("platform.locked.permanent")}
                        </Badge>
                      ) : (
                        <Badge color="yellow" variant="light">
                          {t("platform.locked.until", {
                            date: formatDate(new Date(user.locked_until), locale),
                            time: format(new Date(user.locked_until), "HH:mm"),
                          })}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        loading={reapprove.isPending && reapprove.variables?.user_id === user.user_id}
                        onClick={() => reapprove.mutate({ user_id: user.user_id })}
                        data-testid="locked-user-reapprove"
                      >
                        {t("platform.locked.reapprove")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
