import { Anchor, Text } from "@mantine/core";
import { splitLinks } from "./message-links.ts";

/** A message's text as written, with its links clickable (the e-mail links of sign-up and invitations). */
export function MessageBody({ body }: { body: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="outbox-body">
      {splitLinks(body).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Anchor key={index} href={part.value} data-testid="outbox-link">
            {part.value}
          </Anchor>
        ) : (
          part.value
        ),
      )}
    </Text>
  );
}
