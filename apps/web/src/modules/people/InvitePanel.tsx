import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS, writeStored } from "../../app/storage.ts";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { SIDE_PANEL_ANIMATION_MS } from "../../ui/side-panel/side-panel-size.ts";
import { InviteDetailsStep } from "./InviteDetailsStep.tsx";
import { InviteRoleStep } from "./InviteRoleStep.tsx";
import { EMPTY_INVITE_FORM, type InviteForm, inviteChoicesFor, inviteVariables } from "./invite-form.ts";
import { SEND_INVITE_MUTATION } from "./people.graphql.ts";
import { usePeopleMutation } from "./usePeopleMutation.ts";
import { useAssignableRoles } from "./usePeopleQueries.ts";

/**
 * Spec 2 and 4, the Invite people side panel (medium, 460 px): step 1 chooses the role, step 2 takes the e-mail,
 * the team and a team admin's limit control; back returns to step 1. On success: the toast, the onboarding
 * checklist's members flag, and the panel closes.
 */
export function InvitePanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<InviteForm>(EMPTY_INVITE_FORM);
  const roles = useAssignableRoles();
  const send = usePeopleMutation(SEND_INVITE_MUTATION, "invite", () => t("people.toast.invited"));

  // The form is emptied once the panel has finished closing (spec 2).
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => {
      setForm(EMPTY_INVITE_FORM);
      send.reset();
    }, SIDE_PANEL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [opened, send.reset]);

  const update = (patch: Partial<InviteForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const submit = () => {
    const variables = inviteVariables(form);
    if (!variables) return;
    send.mutate(variables, {
      onSuccess: () => {
        writeStored(STORAGE_KEYS.onboardingMembers, "created");
        onClose();
      },
    });
  };

  return (
    <SidePanel opened={opened} onClose={onClose} size="medium" title={t("people.invite.title")}>
      <div data-testid="invite-panel">
        {form.choice === null ? (
          <InviteRoleStep
            choices={inviteChoicesFor(roles.data ?? [])}
            loading={roles.isPending}
            onChoose={(choice) => update({ choice })}
          />
        ) : (
          <InviteDetailsStep
            form={form}
            update={update}
            onBack={() => update({ choice: null })}
            onSubmit={submit}
            sending={send.isPending}
          />
        )}
      </div>
    </SidePanel>
  );
}
