import { Stack, Text } from "@mantine/core";
import type { Searchable } from "./dropdown-filter.ts";

/** The default look of a dropdown option: title, and the sub-title under it when there is one. */
export function DropdownOptionText({ option, selected }: { option: Searchable; selected: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={selected ? 600 : 400}>
        {option.title}
      </Text>
      {option.subtitle && (
        <Text size="xs" c="dimmed">
          {option.subtitle}
        </Text>
      )}
    </Stack>
  );
}
