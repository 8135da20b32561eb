import { useQuery } from "@tanstack/react-query";
import { useSelectedProjectId } from "../app/session/project-store.ts";
import { listMyCards, myCardsKey } from "./mobile.api.ts";
import { OFFLINE_FIRST } from "./offline.ts";

/** The employee's own cards in the selected company: one query, shared by the cards page and a card's purchases. */
export const useMyCards = () => {
  const projectId = useSelectedProjectId();
  return useQuery({
    queryKey: myCardsKey(projectId),
    queryFn: ({ signal }) => listMyCards(signal),
    ...OFFLINE_FIRST,
  });
};
