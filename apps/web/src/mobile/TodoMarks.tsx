import { Badge, Group } from "@mantine/core";
import { IconCategory, IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TodoMark } from "./mobile.api.ts";

/** What a purchase still needs from its holder (spec 3, todo filter): a receipt, a category. */
export function TodoMarks({ marks }: { marks: readonly TodoMark[] }) {
  const { t } = useTranslation();
  if (marks.length === 0) return null;
  return (
    <Group gap={6} mt={6}>
      {marks.map((mark) => (
        <Badge
          key={mark}
          color="orange"
          variant="light"
          leftSection={mark === "MissingReceipt" ? <IconReceipt size={12} /> : <IconCategory size={12} />}
          data-testid="app-todo"
          data-mark={mark}
        >
          {t(`employeeApp.todo.${mark}`)}
        </Badge>
      ))}
    </Group>
  );
}
