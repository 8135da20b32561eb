import type { CardType } from "@kort/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { request, upload } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { CARD_DESIGNS_QUERY, DELETE_CARD_DESIGN, SET_CARD_TYPE_DESIGN } from "./card-designs.graphql.ts";

const PAGE = 20;
const designsKey = (projectId: string | null) => ["card-designs", projectId] as const;

export const useCardDesigns = () => {
  const projectId = useSelectedProjectId();
  return useInfiniteQuery({
    queryKey: designsKey(projectId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await request(CARD_DESIGNS_QUERY, { first: PAGE, after: pageParam }, { signal })).card_designs,
    getNextPageParam: (last) => last.next_cursor,
  });
};

/** Refusals name their reason; success refreshes the designs and the cards that show them. */
const useDesignMutation = <Input>(run: (input: Input) => Promise<unknown>, successKey: ParseKeys) => {
  const { t } = useTranslation();
  const projectId = useSelectedProjectId();
  return useToastedMutation({
    run,
    success: () => t(successKey),
    failure: ({ reason }) => t("cardDesigns.refused", { reason }),
    refetch: [designsKey(projectId), ["cards"]],
  });
};

const formOf = (file: File) => {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
};

export const useUploadDesign = () =>
  useDesignMutation(
    ({ file, name }: { file: File; name: string }) =>
      upload(`/card_designs${name ? `?${new URLSearchParams({ name })}` : ""}`, formOf(file)),
    "cardDesigns.uploaded",
  );

export const useUploadThumbnail = () =>
  useDesignMutation(
    ({ id, file }: { id: string; file: File }) =>
      upload(`/card_designs/${encodeURIComponent(id)}/thumbnail`, formOf(file)),
    "cardDesigns.thumbnailUploaded",
  );

export const useChooseDesign = () =>
  useDesignMutation(
    (input: { card_type: CardType; design_id: string | null }) => request(SET_CARD_TYPE_DESIGN, input),
    "cardDesigns.chosen",
  );

export const useDeleteDesign = () =>
  useDesignMutation((id: string) => request(DELETE_CARD_DESIGN, { id }), "cardDesigns.deleted");
