import { Box, Group, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Dropdown, type DropdownOption } from "../../../ui/dropdown/Dropdown.tsx";
import { resetProjectQueries } from "../../query-client.ts";
import { HOME_PATH } from "../../router/paths.ts";
import { selectProject, useSelectedProjectId } from "../../session/project-store.ts";
import type { Project } from "../../session/selected-project.ts";
import { ProjectLabel } from "./ProjectLabel.tsx";

/** Spec 9: the project list is at most 240 px high. */
const PROJECT_LIST_MAX_HEIGHT = 240;

const toOption = (project: Project): DropdownOption => ({
  id: project.id,
  title: project.title,
  ...(project.host ? { subtitle: project.host } : {}),
});

/** Spec 2: the selected project at the top of the menu; a dropdown only when there is more than one. */
export function ProjectSwitcher({ projects, collapsed }: { projects: readonly Project[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectedId = useSelectedProjectId();
  const selected = projects.find((project) => project.id === selectedId) ?? projects[0];
  if (!selected) return null;

  if (projects.length < 2) {
    return (
      <Box p={6} data-testid="project-name">
        <ProjectLabel title={selected.title} collapsed={collapsed} />
      </Box>
    );
  }

  const choose = (id: string | null, option: DropdownOption | null) => {
    if (!id || !option || id === selected.id) return;
    selectProject(id);
    void resetProjectQueries();
    navigate(HOME_PATH);
    notifications.show({ message: t("project.switched", { title: option.title }), color: "kort" });
  };

  return (
    <Dropdown
      options={projects.map(toOption)}
      value={selected.id}
      onChange={choose}
      maxListHeight={PROJECT_LIST_MAX_HEIGHT}
      popupWidth={280}
      renderTarget={({ opened, toggle }) => (
        <UnstyledButton
          onClick={toggle}
          w="100%"
          p={6}
          aria-haspopup="listbox"
          aria-expanded={opened}
          data-testid="project-switcher"
          style={{ borderRadius: "var(--mantine-radius-md)" }}
        >
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <ProjectLabel title={selected.title} collapsed={collapsed} />
            {!collapsed && <IconSelector size={16} color="var(--mantine-color-dimmed)" />}
          </Group>
          {/* Named by the company it shows (WCAG 2.5.3, label in name), then by what it does. */}
          <VisuallyHidden>{t("project.switch")}</VisuallyHidden>
        </UnstyledButton>
      )}
    />
  );
}
