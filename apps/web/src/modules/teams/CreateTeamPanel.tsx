import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../ui/amount-input/AmountInput.tsx";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import { SIDE_PANEL_ANIMATION_MS } from "../../ui/side-panel/side-panel-size.ts";
import {
  type CreateTeamForm,
  type CreateTeamProblem,
  canCreateTeam,
  createTeamProblems,
  createTeamVariables,
  EMPTY_CREATE_TEAM_FORM,
} from "./create-team-form.ts";
import { MemberMultiSelect } from "./MemberMultiSelect.tsx";
import { markTeamCreated } from "./team-onboarding.ts";
import { CREATE_TEAM_MUTATION } from "./teams.graphql.ts";
import { useTeamMutation } from "./useTeamMutation.ts";

export type CreateTeamPanelProps = { opened: boolean; onClose: () => void };

const PROBLEM_KEYS = {
  required: "teams.form.required",
  tooLong: "teams.form.tooLong",
  tooLarge: "teams.form.tooLarge",
  categoryCode: "validation.categoryCode",
} as const;

/** Spec 2 and 4: the create-team side panel (medium). Name and account code are required. */
export function CreateTeamPanel({ opened, onClose }: CreateTeamPanelProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CreateTeamForm>(EMPTY_CREATE_TEAM_FORM);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const create = useTeamMutation(CREATE_TEAM_MUTATION, "create", ({ variables }) =>
    t("teams.toast.created", { name: variables.name }),
  );

  // The form is emptied once the panel has finished closing (spec 2).
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => {
      setForm(EMPTY_CREATE_TEAM_FORM);
      setTouched(new Set());
      create.reset();
    }, SIDE_PANEL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [opened, create.reset]);

  const problems = createTeamProblems(form);
  const problem = (field: keyof typeof problems) => {
    const found: CreateTeamProblem | undefined = problems[field];
    return found && touched.has(field) ? t(PROBLEM_KEYS[found]) : undefined;
  };
  const touch = (field: string) => () => setTouched((previous) => new Set(previous).add(field));
  const update = (patch: Partial<CreateTeamForm>) => setForm((previous) => ({ ...previous, ...patch }));

  const submit = () => {
    if (!canCreateTeam(form) || create.isPending) return;
    create.mutate(
      { variables: createTeamVariables(form) },
      {
        onSuccess: () => {
          markTeamCreated();
          onClose();
        },
      },
    );
  };

  return (
    <SidePanel opened={opened} onClose={onClose} size="medium" title={t("teams.create.title")}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="create-team-form"
      >
        <Stack gap="md">
          <TextInput
            label={t("teams.form.name")}
            withAsterisk
            value={form.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            onBlur={touch("name")}
            error={problem("name")}
            data-testid="team-name-input"
          />
          <TextInput
            label={t("teams.form.accountCode")}
            description={t("teams.form.accountCodeHint")}
            withAsterisk
            value={form.accountCode}
            onChange={(event) => update({ accountCode: event.currentTarget.value })}
            onBlur={touch("accountCode")}
            error={problem("accountCode")}
            data-testid="team-account-code-input"
          />
          <TextInput
            label={t("teams.form.accountCodeName")}
            value={form.accountCodeName}
            onChange={(event) => update({ accountCodeName: event.currentTarget.value })}
            onBlur={touch("accountCodeName")}
            error={problem("accountCodeName")}
            data-testid="team-account-code-name-input"
          />
          <MemberMultiSelect value={form.memberIds} onChange={(memberIds) => update({ memberIds })} />
          <AmountInput
            label={t("teams.form.monthlyBudget")}
            description={t("teams.form.monthlyBudgetHint")}
            rightSection={t("teams.currency")}
            value={form.monthlyBudget}
            onChange={(monthlyBudget) => update({ monthlyBudget })}
            onBlur={touch("monthlyBudget")}
            error={problem("monthlyBudget")}
            data-testid="team-budget-input"
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t("teams.form.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={!canCreateTeam(form)}
              loading={create.isPending}
              data-testid="create-team-submit"
            >
              {t("teams.create.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SidePanel>
  );
}
