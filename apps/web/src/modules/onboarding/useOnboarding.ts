import { useQuery } from "@tanstack/react-query";
import { getOnboarding } from "./onboarding.api.ts";

export const onboardingQueryKey = (id: string) => ["onboarding", id] as const;

/** A sign-up in progress (public: the onboarding id in the link is the key). */
export const useOnboarding = (id: string) =>
  useQuery({
    queryKey: onboardingQueryKey(id),
    queryFn: ({ signal }) => getOnboarding(id, signal),
    retry: false,
  });
