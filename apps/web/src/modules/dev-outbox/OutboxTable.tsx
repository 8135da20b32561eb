import { formatDate } from "@kort/core";
import { Badge, Table, Text } from "@mantine/core";
import { format } from "date-fns";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../app/i18n/i18n.ts";
import { localeOf } from "../../app/i18n/language.ts";
import { MessageBody } from "./MessageBody.tsx";
import type { OutboxMessage } from "./outbox.api.ts";

const when = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date, localeOf(currentLanguage()))} ${format(date, "HH:mm:ss")}`;
};

/** The messages, newest first: time, channel, recipient, subject and text. */
export function OutboxTable({ messages }: { messages: readonly OutboxMessage[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" striped withTableBorder data-testid="outbox-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t("devOutbox.time")}</Table.Th>
            <Table.Th w={90}>{t("devOutbox.channel")}</Table.Th>
            <Table.Th w={200}>{t("devOutbox.to")}</Table.Th>
            <Table.Th>{t("devOutbox.message")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id} data-testid="outbox-message" data-to={message.to}>
              <Table.Td>
                <Text size="sm">{when(message.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{message.channel}</Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {message.to}
                </Text>
              </Table.Td>
              <Table.Td>
                {message.subject && (
                  <Text size="sm" fw={600}>
                    {message.subject}
                  </Text>
                )}
                <MessageBody body={message.body} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
