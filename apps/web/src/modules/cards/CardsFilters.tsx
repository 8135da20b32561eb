import { CARD_STATUSES, CARD_TYPES } from "@kort/core";
import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useProjectUsers } from "../people/useProjectUsers.ts";
import { useTeams } from "../teams/team-queries.ts";
import { CARD_STATUS_KEYS, CARD_TYPE_KEYS } from "./card-labels.ts";

export type CardsFiltersProps = {
  params: URLSearchParams;
  onParam: (name: "status" | "team" | "holder" | "type", value: string | null) => void;
  search: string;
  onSearch: (search: string) => void;
};

/** The list's filters (spec 7, cards): status, team, cardholder, type and the card name. */
export function CardsFilters({ params, onParam, search, onSearch }: CardsFiltersProps) {
  const { t } = useTranslation();
  const teams = useTeams(false);
  const users = useProjectUsers();
  return (
    <Group gap="sm" align="flex-end" data-testid="cards-filters">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t("cards.filters.search")}
        aria-label={t("cards.filters.search")}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        data-testid="cards-search"
      />
      <Select
        clearable
        placeholder={t("cards.filters.status")}
        aria-label={t("cards.filters.status")}
        data={CARD_STATUSES.map((status) => ({ value: status, label: t(CARD_STATUS_KEYS[status]) }))}
        value={params.get("status")}
        onChange={(value) => onParam("status", value)}
        data-testid="cards-status-filter"
      />
      <Select
        clearable
        placeholder={t("cards.filters.type")}
        aria-label={t("cards.filters.type")}
        data={CARD_TYPES.map((type) => ({ value: type, label: t(CARD_TYPE_KEYS[type]) }))}
        value={params.get("type")}
        onChange={(value) => onParam("type", value)}
        data-testid="cards-type-filter"
      />
      <Select
        clearable
        searchable
        placeholder={t("cards.filters.team")}
        aria-label={t("cards.filters.team")}
        data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
        value={params.get("team")}
        onChange={(value) => onParam("team", value)}
        data-testid="cards-team-filter"
      />
      <Select
        clearable
        searchable
        placeholder={t("cards.filters.cardholder")}
        aria-label={t("cards.filters.cardholder")}
        data={(users.data ?? []).map((user) => ({ value: user.user_id, label: user.full_name }))}
        value={params.get("holder")}
        onChange={(value) => onParam("holder", value)}
        data-testid="cards-holder-filter"
      />
    </Group>
  );
}
