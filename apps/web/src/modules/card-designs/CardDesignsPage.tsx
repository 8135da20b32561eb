import { CARD_DESIGN_ACCEPT, CARD_DESIGN_SIZES, CARD_TYPES, isPossiblyAllowed } from "@kort/core";
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { CARD_TYPE_KEYS } from "../cards/card-labels.ts";
import type { CardDesign } from "./card-designs.graphql.ts";
import {
  useCardDesigns,
  useChooseDesign,
  useDeleteDesign,
  useUploadDesign,
  useUploadThumbnail,
} from "./useCardDesigns.ts";

const { main, thumbnail } = CARD_DESIGN_SIZES;

/**
 * `/card-designs` (spec 2, issue 16): project owners upload PNG card designs (the card image exactly 360x720, its
 * thumbnail 36x72; the server checks both by their pixels) and choose one per card type.
 */
export function CardDesignsPage() {
  const { t } = useTranslation();
  const role = useCurrentRole(useSelectedProjectId());
  const canManage = role.data ? isPossiblyAllowed(role.data, "blob", "upload") : false;
  const designs = useCardDesigns();
  const uploadDesign = useUploadDesign();
  const choose = useChooseDesign();
  const [name, setName] = useState("");
  const all = designs.data?.pages.flatMap((page) => page.nodes) ?? [];

  if (role.data && !canManage) {
    return (
      <Alert color="gray" data-testid="card-designs-owners-only">
        {t("cardDesigns.ownersOnly")}
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={900} data-testid="card-designs-page">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("cardDesigns.upload")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("cardDesigns.sizes", {
              mainWidth: main.width,
              mainHeight: main.height,
              thumbWidth: thumbnail.width,
              thumbHeight: thumbnail.height,
            })}
          </Text>
          <Group align="flex-end">
            <TextInput
              label={t("cardDesigns.name")}
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid="design-name"
            />
            <FileButton
              accept={CARD_DESIGN_ACCEPT}
              onChange={(file) =>
                file && uploadDesign.mutate({ file, name: name.trim() }, { onSuccess: () => setName("") })
              }
              inputProps={{ "data-testid": "design-upload-input" } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  className="wraps"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={uploadDesign.isPending}
                >
                  {t("cardDesigns.chooseImage")}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("cardDesigns.perType")}
          </Title>
          <SimpleGrid cols={2}>
            {CARD_TYPES.map((cardType) => (
              <Select
                key={cardType}
                label={t(CARD_TYPE_KEYS[cardType])}
                data={[
                  { value: "", label: t("cardDesigns.standard") },
                  ...all.map((design) => ({ value: design.id, label: design.name })),
                ]}
                value={all.find((design) => design.card_types.includes(cardType))?.id ?? ""}
                onChange={(value) => choose.mutate({ card_type: cardType, design_id: value || null })}
                allowDeselect={false}
                data-testid={`design-for-${cardType}`}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>

      {designs.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
      {designs.data && all.length === 0 && (
        <Text c="dimmed" data-testid="card-designs-empty">
          {t("cardDesigns.empty")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        {all.map((design) => (
          <DesignCard key={design.id} design={design} />
        ))}
      </SimpleGrid>
      {designs.hasNextPage && (
        <Button variant="default" onClick={() => designs.fetchNextPage()} loading={designs.isFetchingNextPage}>
          {t("cardDesigns.more")}
        </Button>
      )}
    </Stack>
  );
}

function DesignCard({ design }: { design: CardDesign }) {
  const { t } = useTranslation();
  const uploadThumbnail = useUploadThumbnail();
  const remove = useDeleteDesign();
  return (
    <Paper withBorder p="md" radius="md" data-testid="card-design" data-name={design.name}>
      <Stack gap="xs" align="center">
        <Image src={design.url} w={main.width / 4} h={main.height / 4} radius="md" alt={design.name} />
        <Text fw={600} size="sm" ta="center">
          {design.name}
        </Text>
        {design.card_types.length > 0 && (
          <Text size="xs" c="dimmed" ta="center">
            {design.card_types.map((cardType) => t(CARD_TYPE_KEYS[cardType])).join(", ")}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap">
          {design.thumbnail_url ? (
            <Image
              src={design.thumbnail_url}
              w={thumbnail.width}
              h={thumbnail.height}
              alt=""
              data-testid="design-thumbnail"
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t("cardDesigns.noThumbnail")}
            </Text>
          )}
          <FileButton
            accept={CARD_DESIGN_ACCEPT}
            onChange={(file) => file && uploadThumbnail.mutate({ id: design.id, file })}
            inputProps={{ "data-testid": "design-thumbnail-input" } as Record<string, string>}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={uploadThumbnail.isPending}>
                {t("cardDesigns.chooseThumbnail")}
              </Button>
            )}
          </FileButton>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={remove.isPending}
          onClick={() => remove.mutate(design.id)}
          data-testid="design-delete"
        >
          {t("cardDesigns.delete")}
        </Button>
      </Stack>
    </Paper>
  );
}
