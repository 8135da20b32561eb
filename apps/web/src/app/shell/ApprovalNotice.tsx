import { Alert } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSelectedProjectId } from "../session/project-store.ts";
import type { Project } from "../session/selected-project.ts";

/**
 * Issue 9: a company that signed up waits for Kort to approve it, with no credit and no cards until then. Its
 * people see why the cards page cannot issue anything yet, on every page of that company.
 */
export function ApprovalNotice({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const project = projects.find((candidate) => candidate.id === projectId);
  if (project?.approval_status !== "pending") return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mx="xl"
      mt="md"
      icon={<IconHourglass size={20} />}
      title={t("approval.pending.title", { title: project.title })}
      data-testid="approval-pending"
    >
      {t("approval.pending.body")}
    </Alert>
  );
}
