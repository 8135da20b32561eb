import { formatDate } from "@kort/core";
import { Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { ColumnHeader, CutText, NoWrapCell, ShrinkCell } from "../../ui/table/cells.tsx";
import { type PendingInvite, REVOKE_INVITE_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";

/** Spec 2, /people: the pending invitations (expired ones are left out by the server), each revocable. */
export function InvitesTable({ invites, canRevoke }: { invites: readonly PendingInvite[]; canRevoke: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const revoke = usePeopleMutation(REVOKE_INVITE_MUTATION, "revoke", () => t("people.toast.revoked"));
  if (invites.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="invites-empty">
        {t("people.invites.none")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" withTableBorder data-testid="invites-table">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeader label={t("people.list.email")} shrink={{ share: "40%", min: 140 }} />
            <ColumnHeader label={t("people.list.role")} />
            <ColumnHeader label={t("people.invites.team")} shrink={{ share: "20%", min: 80 }} />
            <ColumnHeader label={t("people.invites.sent")} />
            <ColumnHeader label={t("people.invites.expires")} />
            {canRevoke && (
              <Table.Th>
                <VisuallyHidden>{t("people.list.actions")}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.id} data-testid="invite-row" data-email={invite.email}>
              <ShrinkCell>
                <CutText>{invite.email}</CutText>
              </ShrinkCell>
              <NoWrapCell data-role={invite.role}>{t(`roles.${invite.role}`)}</NoWrapCell>
              <ShrinkCell>
                <CutText>{invite.team?.name ?? "–"}</CutText>
              </ShrinkCell>
              <NoWrapCell>{formatDate(new Date(invite.created_at), locale)}</NoWrapCell>
              <NoWrapCell>{formatDate(new Date(invite.expires_at), locale)}</NoWrapCell>
              {canRevoke && (
                <NoWrapCell ta="right">
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
                </NoWrapCell>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
