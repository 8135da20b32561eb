import { useQuery } from "@tanstack/react-query";
import { rest } from "../../app/api/client.ts";

export type VersionInfo = { version: string; environment: string };

/** `GET /v1/version`: the server's build and environment; public, so no project and no sign-in redirect. */
export const useVersion = () =>
  useQuery({
    queryKey: ["version"],
    queryFn: ({ signal }) =>
      rest<VersionInfo>("GET", "/version", undefined, { withProject: false, session: "none", signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
