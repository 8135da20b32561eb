import { Avatar, Group, Text } from "@mantine/core";
import { initialOf } from "../user/initial.ts";

/** A project's initial in a square, and its name unless the menu is in icon mode. */
export function ProjectLabel({ title, collapsed }: { title: string; collapsed: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="md" color="kort" variant="filled" size={36}>
        {initialOf(title)}
      </Avatar>
      {!collapsed && (
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
      )}
    </Group>
  );
}
