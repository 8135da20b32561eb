import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCategories } from "../accounting/useCategories.ts";
import { useProjectUsers } from "../people/useProjectUsers.ts";
import { useTeams } from "../teams/team-queries.ts";
import { type CardEditKind, CardEditModal } from "./CardEditModal.tsx";
import { CloseCardModal } from "./CloseCardModal.tsx";
import type { Card } from "./cards.graphql.ts";
import { useCardMutation } from "./useCardMutation.ts";
import { type CardAction, mayOnCard } from "./useCardPermissions.ts";

const EDITS = [
  { kind: "rename", action: "patch", label: "cards.actions.rename" },
  { kind: "limits", action: "manage-limits", label: "cards.actions.limits" },
  { kind: "cardholder", action: "change-cardholder", label: "cards.actions.cardholder" },
  { kind: "team", action: "set-team", label: "cards.actions.team" },
  { kind: "category", action: "set-default-category", label: "cards.actions.category" },
] as const satisfies readonly { kind: CardEditKind; action: CardAction; label: string }[];

/** The actions the caller may take on the card (spec 2), each checked by the server again. */
export function CardActions({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CardEditKind | null>(null);
  const [closing, setClosing] = useState(false);
  const lock = useCardMutation("lock");
  const unlock = useCardMutation("unlock");
  const users = useProjectUsers(editing === "cardholder");
  const teams = useTeams(false);
  const categories = useCategories(null, editing === "category");
  const shown = EDITS.filter((edit) => mayOnCard(card, edit.action));
  const options =
    editing === "cardholder"
      ? (users.data ?? []).map((user) => ({ id: user.user_id, title: user.full_name, subtitle: user.email }))
      : editing === "team"
        ? (teams.data ?? []).map((team) => ({ id: team.id, title: team.name }))
        : (categories.data ?? []).map((category) => ({
            id: category.id,
            title: category.title,
            subtitle: category.code,
          }));

  if (shown.length === 0 && !mayOnCard(card, "lock") && !mayOnCard(card, "close")) return null;
  return (
    <Group gap="xs" data-testid="card-actions">
      {shown.map((edit) => (
        <Button
          key={edit.kind}
          variant="default"
          onClick={() => setEditing(edit.kind)}
          data-testid={`card-action-${edit.kind}`}
        >
          {t(edit.label)}
        </Button>
      ))}
      {mayOnCard(card, "lock") && card.status === "ACTIVE" && (
        <Button
          variant="default"
          loading={lock.isPending}
          onClick={() => lock.mutate({ id: card.id })}
          data-testid="card-action-lock"
        >
          {t("cards.actions.lock")}
        </Button>
      )}
      {mayOnCard(card, "lock") && card.status === "LOCKED" && (
        <Button
          variant="default"
          loading={unlock.isPending}
          onClick={() => unlock.mutate({ id: card.id })}
          data-testid="card-action-unlock"
        >
          {t("cards.actions.unlock")}
        </Button>
      )}
      {mayOnCard(card, "close") && (
        <Button color="red" variant="light" onClick={() => setClosing(true)} data-testid="card-action-close">
          {t("cards.actions.close")}
        </Button>
      )}
      {editing && <CardEditModal card={card} kind={editing} options={options} onClose={() => setEditing(null)} />}
      <CloseCardModal card={card} opened={closing} onClose={() => setClosing(false)} />
    </Group>
  );
}
