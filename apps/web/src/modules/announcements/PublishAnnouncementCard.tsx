import { Button, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { PUBLISH_ANNOUNCEMENT_MUTATION } from "./announcements.graphql.ts";

type Audience = "all" | "is-IS" | "en-US";

/** The platform console's announcement form (issue 16): to every company, in one language or both. */
export function PublishAnnouncementCard() {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 30em)");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [url, setUrl] = useState("");
  const [audience, setAudience] = useState<Audience>("all");
  // A refusal is shown under the form, not in a toast.
  const publish = useToastedMutation({
    run: () =>
      request(PUBLISH_ANNOUNCEMENT_MUTATION, {
        input: {
          title: title.trim(),
          body: body.trim(),
          url: url.trim() === "" ? null : url.trim(),
          locale: audience === "all" ? null : audience,
        },
      }),
    success: () => t("platform.announcements.published"),
    onSuccess: () => {
      setTitle("");
      setBody("");
      setUrl("");
    },
  });
  const refusal = publish.error ? t(errorKey(toApiError(publish.error).code)) : null;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="publish-announcement">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("platform.announcements.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("platform.announcements.body")}
          </Text>
          <TextInput
            label={t("platform.announcements.fieldTitle")}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={200}
            required
            data-testid="announcement-title"
          />
          <Textarea
            label={t("platform.announcements.fieldBody")}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            maxLength={5000}
            autosize
            minRows={3}
            required
            data-testid="announcement-body"
          />
          <TextInput
            label={t("platform.announcements.fieldUrl")}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            maxLength={2000}
          />
          <SegmentedControl
            // Three choices need about 300 px: on a phone they stand one above the other rather than being cut off.
            orientation={narrow ? "vertical" : "horizontal"}
            value={audience}
            onChange={(value) => setAudience(value as Audience)}
            data={[
              { value: "all", label: t("platform.announcements.both") },
              { value: "is-IS", label: t("language.is") },
              { value: "en-US", label: t("language.en") },
            ]}
          />
          {refusal && (
            <Text size="sm" c="red">
              {refusal}
            </Text>
          )}
          <Button
            type="submit"
            loading={publish.isPending}
            data-testid="announcement-publish"
            style={{ alignSelf: "flex-start" }}
          >
            {t("platform.announcements.publish")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
