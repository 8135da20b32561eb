import { formatDate } from "@kort/core";
import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../app/i18n/i18n.ts";
import { localeOf } from "../../app/i18n/language.ts";
import type { Invite } from "./invites.api.ts";

/**
 * Who invites whom to what: the company, the role (and team), the inviter and until when it holds. The columns are
 * fixed, so that a long e-mail address breaks inside its cell instead of widening the card past a phone's screen.
 */
export function InviteDetails({ invite }: { invite: Invite }) {
  const { t } = useTranslation();
  const expires = new Date(invite.expires_at);
  const rows: Array<[string, ReactNode, string]> = [
    [t("invites.accept.company"), invite.company.title, "invite-company"],
    [t("invites.accept.role"), t(`roles.${invite.role}`), "invite-role"],
  ];
  if (invite.team) rows.push([t("invites.accept.team"), invite.team.name, "invite-team"]);
  rows.push([t("invites.accept.email"), invite.email, "invite-email"]);
  if (invite.inviter) rows.push([t("invites.accept.inviter"), invite.inviter.full_name, "invite-inviter"]);
  if (!Number.isNaN(expires.getTime())) {
    rows.push([t("invites.accept.expires"), formatDate(expires, localeOf(currentLanguage())), "invite-expires"]);
  }
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="invite-details">
      <Table.Tbody>
        {rows.map(([label, value, testId]) => (
          <Table.Tr key={testId}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td data-testid={testId}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
