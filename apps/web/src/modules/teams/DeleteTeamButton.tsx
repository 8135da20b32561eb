import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../app/router/paths.ts";
import { TEAMS_QUERY_ROOT } from "./team-queries.ts";
import { DELETE_TEAM_MUTATION } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

/** Deletes the team after a confirmation modal (closes on Escape and outside click), then goes to the list. */
export function DeleteTeamButton({ team }: { team: { id: string; name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useTeamMutation(
    DELETE_TEAM_MUTATION,
    "delete",
    ({ name }) => t("teams.toast.deleted", { name }),
    // Leave the page first: the team is gone, so its query must not be fetched again.
    () => {
      setConfirming(false);
      navigate(PATHS.teams);
      queryClient.removeQueries({ queryKey: [TEAMS_QUERY_ROOT, "one", team.id] });
    },
  );
  const confirm = () => remove.mutate({ variables: { id: team.id }, name: team.name });

  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setConfirming(true)} data-testid="delete-team-button">
        {t("teams.delete.button")}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("teams.delete.title", { name: team.name })}
      >
        <Stack gap="md">
          <Text size="sm">{t("teams.delete.body")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("teams.form.cancel")}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirm} data-testid="delete-team-confirm">
              {t("teams.delete.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
