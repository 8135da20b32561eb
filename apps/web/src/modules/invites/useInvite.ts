import { useQuery } from "@tanstack/react-query";
import { getInvite } from "./invites.api.ts";

export const useInvite = (id: string | null) =>
  useQuery({
    queryKey: ["invite", id],
    queryFn: ({ signal }) => getInvite(id ?? "", signal),
    enabled: id !== null,
    retry: false,
  });
