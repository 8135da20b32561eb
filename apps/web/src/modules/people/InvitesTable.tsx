import { formatDate } from "@kort/core";
import { Button, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "../../app/i18n/language.ts";
import { type PendingInvite, REVOKE_INVITE_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";

/** Spec 2, /people: the pending invitations (expired ones are left out by the server), each revocable. */
export function InvitesTable({ invites, canRevoke }: { invites: readonly PendingInvite[]; canRevoke: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
  const revoke = usePeopleMutation(REVOKE_INVITE_MUTATION, "revoke", () => t("people.toast.revoked"));
  if (invites.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="invites-empty">
        {t("people.invites.none")}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="sm" withTableBorder data-testid="invites-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("people.list.email")}</Table.Th>
          <Table.Th>{t("people.list.role")}</Table.Th>
          <Table.Th>{t("people.invites.team")}</Table.Th>
          <Table.Th>{t("people.invites.sent")}</Table.Th>
          <Table.Th>{t("people.invites.expires")}</Table.Th>
          {canRevoke && <Table.Th aria-label={t("people.list.actions")} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invites.map((invite) => (
          <Table.Tr key={invite.id} data-testid="invite-row" data-email={invite.email}>
            <Table.Td>{invite.email}</Table.Td>
            <Table.Td data-role={invite.role}>{t(`roles.${invite.role}`)}</Table.Td>
            <Table.Td>{invite.team?.name ?? "–"}</Table.Td>
            <Table.Td>{formatDate(new Date(invite.created_at), locale)}</Table.Td>
            <Table.Td>{formatDate(new Date(invite.expires_at), locale)}</Table.Td>
            {canRevoke && (
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={revoke.isPending && revoke.variables?.id === invite.id}
                  onClick={() => revoke.mutate({ id: invite.id })}
                  data-testid="invite-revoke"
                >
                  {t("people.invites.revoke")}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
