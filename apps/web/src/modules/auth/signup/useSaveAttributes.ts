import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { type AttributeAnswer, type AttributeInput, postAttributes } from "../../onboarding/onboarding.api.ts";
import { onboardingQueryKey } from "../../onboarding/useOnboarding.ts";

/**
 * Saves a sign-up step's attributes and goes to the next step (`next` may use the answer and what was sent,
 * e.g. the phone and its verification id). The onboarding is refreshed so later steps see what is filled in.
 */
export const useSaveAttributes = (
  onboardingId: string,
  next: (answer: AttributeAnswer, input: AttributeInput) => string,
) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttributeInput) => postAttributes(onboardingId, input),
    onSuccess: async (answer, input) => {
      await queryClient.invalidateQueries({ queryKey: onboardingQueryKey(onboardingId) });
      navigate(next(answer, input));
    },
  });
};
