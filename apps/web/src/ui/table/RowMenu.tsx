import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import type { ReactNode } from "react";

type RowMenuProps = {
  /** The button's name, which says whose actions they are ("Actions for Anna Jónsdóttir"). */
  label: string;
  testId: string;
  /** The `Menu.Item`s. */
  children: ReactNode;
};

/**
 * A table row's actions, behind a "…" button. The menu stays in the row rather than in a portal at the end of the
 * page, so it is inside the page's main landmark where assistive technology looks for it, and it is placed fixed so
 * that the table's own scrolling box (at 320 px wide) does not cut it off. It opens with the focus on its first item,
 * as ARIA's menu pattern has it, not on Mantine's placeholder: a `presentation` child with a tabindex, which a menu
 * must not hold (axe, aria-required-children).
 */
export function RowMenu({ label, testId, children }: RowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
