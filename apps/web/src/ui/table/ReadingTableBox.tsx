import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The box of a table that holds nothing to focus (no link, no button in its rows), such as a card's purchases or
 * the audit log. On a narrow screen the table scrolls sideways in it; the keyboard reaches it as a named region and
 * scrolls it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). A table with controls in its rows
 * takes a plain `Table.ScrollContainer`: tabbing to them scrolls the box.
 */
export function ReadingTableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
