import { Center, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export type FullPageProps = { title: string; children?: ReactNode; testId: string; icon?: ReactNode };

/**
 * A screen-filling message with a title, text and actions; the frame of every full-page state. It is the whole
 * page (never inside a shell), so it is the page's main landmark and its title the page's heading.
 */
export function FullPage({ title, children, testId, icon }: FullPageProps) {
  return (
    <Center component="main" mih="100vh" p="xl" data-testid={testId}>
      <Stack align="center" gap="md" maw={480} ta="center">
        {icon}
        <Title order={1} size="h2">
          {title}
        </Title>
        {typeof children === "string" ? <Text c="dimmed">{children}</Text> : children}
      </Stack>
    </Center>
  );
}
