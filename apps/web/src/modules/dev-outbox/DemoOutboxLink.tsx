import { Anchor, Center } from "@mantine/core";
import { IconMessage2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PATHS } from "../../app/router/paths.ts";
import { useDemoMode } from "./useDemoMode.ts";

/**
 * In demo mode codes and links go to the outbox instead of a phone or an inbox: the auth screens point there,
 * in a new tab so the sign-in in progress stays put.
 */
export function DemoOutboxLink() {
  const { t } = useTranslation();
  if (useDemoMode() !== "demo") return null;
  return (
    <Center>
      <Anchor
        href={PATHS.devOutbox}
        target="_blank"
        rel="noopener"
        size="sm"
        c="dimmed"
        data-testid="demo-outbox-link"
        style={{ display: "inline-flex", alignItems: "center", gap: 6 }}
      >
        <IconMessage2 size={16} />
        {t("devOutbox.link")}
      </Anchor>
    </Center>
  );
}
