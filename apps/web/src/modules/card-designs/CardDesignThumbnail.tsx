import { Image } from "@mantine/core";

/** A card's design in a list: its 36x72 thumbnail (or the card image scaled), at half size beside the card's name. */
export function CardDesignThumbnail({ design }: { design: { id: string; url: string; thumbnail_url: string | null } }) {
  return (
    <Image
      src={design.thumbnail_url ?? design.url}
      w={18}
      h={36}
      radius={3}
      alt=""
      style={{ flexShrink: 0 }}
      data-testid="card-design-thumbnail"
      data-design-id={design.id}
    />
  );
}
