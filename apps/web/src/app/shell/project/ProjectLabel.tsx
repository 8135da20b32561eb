import { Avatar, Group, Text, VisuallyHidden } from "@mantine/core";
import { initialOf } from "../user/initial.ts";

/**
 * A project's initial in a square, and its name unless the menu is in icon mode; assistive technology reads the
 * name in both modes and never the initial.
 */
export function ProjectLabel({ title, collapsed }: { title: string; collapsed: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="md" color="kort" variant="filled" size={36} aria-hidden>
        {initialOf(title)}
      </Avatar>
      {collapsed ? (
        <VisuallyHidden>{title}</VisuallyHidden>
      ) : (
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
      )}
    </Group>
  );
}
