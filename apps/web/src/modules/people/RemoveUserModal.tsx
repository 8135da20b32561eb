import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Person, REMOVE_USER_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";

/**
 * Spec 6, remove from project, after a confirmation that says what happens to the person's cards: employee
 * cards close, business (subscription) cards move to the person removing them.
 */
export function RemoveUserModal({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = usePeopleMutation(REMOVE_USER_MUTATION, "remove", (_v, r) =>
    t("people.toast.removed", {
      name: person.full_name,
      closed: r.remove_user_from_project.closed_cards,
      moved: r.remove_user_from_project.reassigned_cards,
    }),
  );

  return (
    <Modal opened onClose={onClose} title={t("people.remove.title", { name: person.full_name })}>
      <Stack gap="md" data-testid="remove-user-modal">
        <Text size="sm">{t("people.remove.body", { name: person.full_name })}</Text>
        <List size="sm" spacing="xs">
          <List.Item>{t("people.remove.employeeCards")}</List.Item>
          <List.Item>{t("people.remove.businessCards")}</List.Item>
          <List.Item>{t("people.remove.history")}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("people.cancel")}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate({ user_id: person.user_id }, { onSuccess: onClose })}
            data-testid="remove-user-confirm"
          >
            {t("people.remove.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
