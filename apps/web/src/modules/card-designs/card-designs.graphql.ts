import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** Card designs (issue 16): the list and the choices; the files are uploaded over REST (useCardDesigns.ts). */
export const CARD_DESIGNS_QUERY = graphql(`
  query CardDesigns($first: Int, $after: String) {
    card_designs(first: $first, after: $after) {
      nodes { id name url thumbnail_url card_types created_at }
      next_cursor
    }
  }
`);

export type CardDesign = ResultOf<typeof CARD_DESIGNS_QUERY>["card_designs"]["nodes"][number];

export const SET_CARD_TYPE_DESIGN = graphql(`
  mutation SetCardTypeDesign($card_type: CardType!, $design_id: ID) {
    set_card_type_design(card_type: $card_type, design_id: $design_id) { card_type design_id }
  }
`);

export const DELETE_CARD_DESIGN = graphql(`
  mutation DeleteCardDesign($id: ID!) { delete_card_design(id: $id) }
`);
