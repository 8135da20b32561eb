import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request, rest } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useFormatDay } from "../cards/useFormatDay.ts";
import { REFERRALS_QUERY } from "./referrals.graphql.ts";

const PAGE = 10;

/**
 * Referrals (spec 7, issue 16) in settings, for project owners: invite another company to Kort by e-mail, and see
 * which of the invited companies have joined.
 */
export function ReferralsCard() {
  const { t } = useTranslation();
  const day = useFormatDay();
  const projectId = useSelectedProjectId();
  const key = ["referrals", projectId] as const;
  const list = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await request(REFERRALS_QUERY, { first: PAGE, after: pageParam }, { signal })).referrals,
    getNextPageParam: (last) => last.next_cursor,
  });
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal is shown by the field, not in a toast.
  const send = useToastedMutation({
    run: (address: string) => rest("POST", "/referrals", { email: address }),
    success: () => t("referrals.sent"),
    onSuccess: () => setEmail(""),
    onError: (error) => setProblem(t(errorKey(toApiError(error).code))),
    refetch: [key],
  });
  const rows = list.data?.pages.flatMap((page) => page.nodes) ?? [];
  return (
    <Paper withBorder p="lg" radius="md" data-testid="referrals">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("referrals.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("referrals.intro")}
        </Text>
        <form
          // The server's check (and its message in our words) decides, not the browser's own bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setProblem(null);
            if (email.trim()) send.mutate(email.trim());
          }}
        >
          <Group align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              miw={180}
              type="email"
              placeholder={t("referrals.emailPlaceholder")}
              aria-label={t("referrals.email")}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
              data-testid="referral-email"
            />
            <Button type="submit" loading={send.isPending} data-testid="referral-send">
              {t("referrals.send")}
            </Button>
          </Group>
        </form>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="referrals-empty">
            {t("referrals.empty")}
          </Text>
        ) : (
          <Table verticalSpacing="xs" data-testid="referrals-table">
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="referral-row" data-email={row.email}>
                  <Table.Td>
                    <Text size="sm">{row.email}</Text>
                    <Text size="xs" c="dimmed">
                      {t("referrals.invitedOn", { date: day(row.created_at) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.joined_company ? (
                      <Badge color="teal" variant="light" data-testid="referral-joined">
                        {t("referrals.joined", { company: row.joined_company, date: day(row.joined_at) })}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        {t("referrals.pending")}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.hasNextPage && (
          <Button variant="subtle" size="xs" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t("referrals.more")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
