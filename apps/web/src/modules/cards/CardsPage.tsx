import { isPossiblyAllowed } from "@kort/core";
import { Alert, Button, Group, Loader, Pagination, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCreditCard, IconPalette, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { PATHS } from "../../app/router/paths.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";
import { ActiveCardCounts } from "./ActiveCardCounts.tsx";
import { CardsFilters } from "./CardsFilters.tsx";
import { CardsTable } from "./CardsTable.tsx";
import { CreateCardPanel } from "./CreateCardPanel.tsx";
import { CARDS_PAGE_SIZE, useCards } from "./card-queries.ts";
import { CARD_SEARCH_DEBOUNCE_MS, filterFromParams, pageFromParams } from "./cards-filter.ts";
import { useCanCreateCards } from "./useCardPermissions.ts";

/** `/cards` (spec 2 and 7): the cards the caller may read, filtered through the URL, and the create panel. */
export function CardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, CARD_SEARCH_DEBOUNCE_MS);
  const page = pageFromParams(params);
  const cards = useCards(filterFromParams(params, debouncedSearch), page);
  const canCreate = useCanCreateCards();
  const role = useCurrentRole(useSelectedProjectId());
  // Designs are the owners' (blob upload, spec 6); the link shows where the server would let them in.
  const canManageDesigns = role.data ? isPossiblyAllowed(role.data, "blob", "upload") : false;
  const [creating, setCreating] = useState(false);

  const setParam = (name: string, value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== "page") next.delete("page");
      return next;
    });
  const onSearch = (value: string) => {
    setSearch(value);
    setParam("page", null);
  };
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.total_count / CARDS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg" data-testid="cards-page">
      <Group justify="space-between">
        <ActiveCardCounts />
        <Group gap="sm">
          {canManageDesigns && (
            <Button
              component={Link}
              to={PATHS.cardDesigns}
              variant="default"
              leftSection={<IconPalette size={16} />}
              data-testid="card-designs-link"
            >
              {t("cardDesigns.link")}
            </Button>
          )}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="create-card-button"
            >
              {t("cards.create.button")}
            </Button>
          )}
        </Group>
      </Group>
      <CardsFilters params={params} onParam={setParam} search={search} onSearch={onSearch} />
      {cards.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {cards.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="cards-error">
          {t("cards.errors.fetch", { reason: t(errorKey(toApiError(cards.error).code)) })}
        </Alert>
      )}
      {cards.data && cards.data.nodes.length === 0 && (
        <EmptyPage
          title={t("cards.list.empty")}
          description={t("pages.cards.emptyBody")}
          icon={<IconCreditCard size={28} stroke={1.5} />}
        />
      )}
      {cards.data && cards.data.nodes.length > 0 && (
        <>
          <CardsTable cards={cards.data.nodes} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="cards-count">
              {t("cards.list.count", { count: cards.data.total_count })}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={(next) => setParam("page", String(next))} />}
          </Group>
        </>
      )}
      {canCreate && <CreateCardPanel opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
