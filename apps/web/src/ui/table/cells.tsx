import { Box, Table, type TableTdProps, type TableThProps, Text, type TextProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Table cells that keep a table inside the page at 1280 px and up (issue 10). Columns of figures, dates and
 * badges never wrap; the wide columns of free text (names, e-mails, descriptions) give up width first and cut
 * their text with an ellipsis, the whole text on hover. A header may name a second line that its cells show
 * under the first (the card's type under its name), so a table can hold more facts than columns.
 */

const NOWRAP = { whiteSpace: "nowrap" } as const;

/** One line of text cut with an ellipsis when the column is narrower, the whole text on hover. */
export function CutText({ children, ...props }: Omit<TextProps, "truncate"> & { children: string }) {
  return (
    <Text size="sm" truncate="end" title={children} {...props}>
      {children}
    </Text>
  );
}

/** The dimmed second line of a cell. */
export function SecondLine({ children, cut = false }: { children: string; cut?: boolean }) {
  return cut ? (
    <CutText size="xs" c="dimmed">
      {children}
    </CutText>
  ) : (
    <Text size="xs" c="dimmed" style={NOWRAP}>
      {children}
    </Text>
  );
}

export type ColumnHeaderProps = Omit<TableThProps, "children"> & {
  label: string;
  /** What the cells' second line holds. */
  second?: string;
  /**
   * For a column of free text that gives up width first: its share of the table's width (`"20%"`) and the width
   * in px under which it does not go, so a name keeps a few letters beside the widest figures.
   */
  shrink?: { share: string; min: number };
};

/** A column header, never wrapped nor cut; a shrinking column's header sets the column's share of the width. */
export function ColumnHeader({ label, second, shrink, style, ...props }: ColumnHeaderProps) {
  return (
    <Table.Th {...props} style={[NOWRAP, shrink ? { width: shrink.share } : {}, style]}>
      <Box miw={shrink?.min}>
        {label}
        {second !== undefined && (
          <Text size="xs" c="dimmed" fw={400} style={NOWRAP}>
            {second}
          </Text>
        )}
      </Box>
    </Table.Th>
  );
}

/**
 * A cell of free text in a shrinking column: `max-width: 0` lets the table layout take width from it first;
 * its lines (CutText, SecondLine with `cut`) end in an ellipsis.
 */
export function ShrinkCell({ style, ...props }: TableTdProps) {
  return <Table.Td {...props} style={[{ maxWidth: 0 }, style]} />;
}

/** A cell that keeps its content on one line: dates, badges, short labels. */
export function NoWrapCell({ style, ...props }: TableTdProps) {
  return <Table.Td {...props} style={[NOWRAP, style]} />;
}

/** A right-aligned figure on one line (`1.234.567 kr.`), digits of equal width so columns line up. */
export function FigureCell({ style, children, ...props }: TableTdProps & { children: ReactNode }) {
  return (
    <Table.Td ta="right" {...props} style={[NOWRAP, { fontVariantNumeric: "tabular-nums" }, style]}>
      {children}
    </Table.Td>
  );
}
