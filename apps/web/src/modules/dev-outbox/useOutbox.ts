import { useQuery } from "@tanstack/react-query";
import { listOutbox } from "./outbox.api.ts";

export const useOutbox = (to: string, enabled: boolean) =>
  useQuery({
    queryKey: ["dev-outbox", to.trim()],
    queryFn: ({ signal }) => listOutbox(to, signal),
    enabled,
    staleTime: 0,
  });
