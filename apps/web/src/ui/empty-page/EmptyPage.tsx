import { EmptyState } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";

export type EmptyPageProps = { title: string; description: string; icon?: ReactNode; children?: ReactNode };

/** What a page shows while it has nothing to list: a title, one honest sentence, and optional actions. */
export function EmptyPage({ title, description, icon, children }: EmptyPageProps) {
  return (
    <EmptyState
      mt="xl"
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={28} stroke={1.5} />}
      data-testid="empty-state"
    >
      {children}
    </EmptyState>
  );
}
