import { Button, Card, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../app/errors/ApiErrorAlert.tsx";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { TOUCH_TARGET } from "./app-paths.ts";
import { categories, categorise, type MyTransaction } from "./mobile.api.ts";
import { FAIL_OFFLINE, OFFLINE_FIRST } from "./offline.ts";

/**
 * Category and comment of the purchase. The categories offered are those the server lets the caller read (for an
 * employee, those visible to their team); the server checks the one chosen against the card's team again.
 */
export function CategoriseForm({ transaction }: { transaction: MyTransaction }) {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  const queryClient = useQueryClient();
  const [categoryId, setCategoryId] = useState<string | null>(transaction.category?.id ?? null);
  const [comment, setComment] = useState(transaction.comments ?? "");
  const options = useQuery({
    queryKey: ["employee-app", projectId, "categories"],
    queryFn: ({ signal }) => categories(signal),
    ...OFFLINE_FIRST,
  });
  const save = useMutation({
    ...FAIL_OFFLINE,
    mutationFn: () =>
      categorise(transaction.card.id, transaction.id, {
        category_id: categoryId,
        comment: comment.trim() === "" ? null : comment.trim(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["employee-app", projectId] }),
  });
  const data = (options.data?.nodes ?? [])
    .filter((category) => category.enabled)
    .map((category) => ({ value: category.id, label: `${category.title} (${category.code})` }));
  return (
    <Card withBorder padding="md" data-testid="app-categorise">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("employeeApp.categorise.title")}
          </Title>
          <Select
            label={t("employeeApp.categorise.category")}
            placeholder={t("employeeApp.categorise.pick")}
            data={data}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            clearable
            size="md"
            disabled={options.isPending}
            data-testid="app-category-select"
          />
          <Textarea
            label={t("employeeApp.categorise.comment")}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            size="md"
            data-testid="app-comment"
          />
          {options.isError && <ApiErrorAlert error={options.error} />}
          {save.isError && <ApiErrorAlert error={save.error} testId="app-categorise-error" />}
          {save.isSuccess && (
            <Text size="sm" c="green" role="status" data-testid="app-categorise-saved">
              {t("employeeApp.categorise.saved")}
            </Text>
          )}
          <Button type="submit" h={TOUCH_TARGET} loading={save.isPending} data-testid="app-categorise-save">
            {t("employeeApp.categorise.save")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
