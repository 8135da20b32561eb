import { randomUUID } from "node:crypto";
import {
  CARD_DESIGN_MAX_BYTES,
  CARD_DESIGN_NAME_MAX,
  CARD_DESIGN_SIZES,
  type CardDesignImage,
  type CardType,
  isUuid,
} from "@kort/core";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { timePageOf } from "../../platform/db/keyset-cursor.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize } from "../../platform/http/authorize.ts";
import type { ProjectContext } from "../../platform/http/context.ts";
import type { UploadResult } from "../../platform/http/multipart.ts";
import { type AppDeps, FileAnswer } from "../../platform/http/rest.ts";
import { loadSharp } from "../receipts/receipt-files.ts";
import {
  type CardDesignRecord,
  chooseDesign,
  chosenDesigns,
  deleteDesign,
  designKeys,
  designsPage,
  findDesign,
  insertDesign,
  setThumbnailKey,
} from "./card-designs.repo.ts";
import {
  type CardDesignDto,
  cardDesignPageInput,
  chooseDesignInput,
  type DesignLinks,
} from "./card-designs.schemas.ts";

/**
 * Card designs (spec 2, 5 and 9; issue 16). Project owners (the policy's `blob upload`, which only they hold) upload
 * a card image of exactly 360x720 px and its thumbnail of exactly 36x72 px, PNG by content, and choose a design per
 * card type; everyone who may read cards sees the chosen design on them. Files live in the blob store and are reached
 * through signed links that expire, as receipts and profile photos are.
 */

export type DesignVariant = "image" | "thumbnail";

export const designFilePath = (projectId: string, id: string, variant: DesignVariant) =>
  `/v1/projects/${projectId}/card_designs/${id}/${variant}`;

const blobKey = (projectId: string, id: string, variant: DesignVariant) =>
  `card-designs/${projectId}/${id}/${variant}-${randomUUID()}.png`;

const linksOf = (deps: Pick<AppDeps, "links" | "now">, projectId: string, id: string, hasThumbnail: boolean) => {
  const expiresAt = deps.links.expiryFrom(deps.now());
  return {
    url: deps.links.sign(designFilePath(projectId, id, "image"), expiresAt).url,
    thumbnail_url: hasThumbnail ? deps.links.sign(designFilePath(projectId, id, "thumbnail"), expiresAt).url : null,
  };
};

const dtoOf = (deps: AppDeps, projectId: string, design: CardDesignRecord): CardDesignDto => ({
  id: design.id,
  name: design.name,
  card_types: design.cardTypes,
  created_at: design.createdAt,
  ...linksOf(deps, projectId, design.id, design.thumbnailKey !== null),
});

const authorizeManage = (ctx: ProjectContext) =>
  authorize(ctx, "blob", "upload", { project_id: ctx.membership.projectId });

const notPng = () => new AppError("CARD_DESIGN_NOT_PNG", "A card design must be a PNG image.");

const wrongSize = (image: CardDesignImage, actual: { width: number; height: number } | null) => {
  const expected = CARD_DESIGN_SIZES[image];
  return new AppError(
    image === "main" ? "CARD_DESIGN_MAIN_SIZE" : "CARD_DESIGN_THUMBNAIL_SIZE",
    `The ${image === "main" ? "card image" : "thumbnail"} must be exactly ${expected.width}x${expected.height} pixels.`,
    { expected_width: expected.width, expected_height: expected.height, width: actual?.width, height: actual?.height },
  );
};

/**
 * A PNG by its bytes (the signature, not the name or the declared type), of the exact pixel size, that decodes
 * to the end: a file with a PNG's header and anything else after it is refused, not stored.
 */
export const checkDesignImage = async (upload: UploadResult, image: CardDesignImage): Promise<Buffer> => {
  if (upload.status === "too_large" || upload.file.data.length > CARD_DESIGN_MAX_BYTES) {
    throw new AppError("IMAGE_TOO_LARGE", "The image is too large.", { max_bytes: CARD_DESIGN_MAX_BYTES });
  }
  const { data } = upload.file;
  const detected = data.length === 0 ? undefined : (await fileTypeFromBuffer(data))?.mime;
  if (detected !== "image/png") throw notPng();
  const sharp = await loadSharp();
  const expected = CARD_DESIGN_SIZES[image];
  let size: { width: number; height: number };
  try {
    const meta = await sharp(data, { failOn: "error" }).metadata();
    if (meta.format !== "png") throw notPng();
    size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notPng();
  }
  // The size is read from the header before anything is decoded, so a large image is refused without decoding it.
  if (size.width !== expected.width || size.height !== expected.height) throw wrongSize(image, size);
  try {
    await sharp(data, { failOn: "error", limitInputPixels: expected.width * expected.height })
      .raw()
      .timeout({ seconds: 5 })
      .toBuffer();
  } catch {
    throw notPng();
  }
  return data;
};

const nameInput = z.object({ name: z.string().trim().max(CARD_DESIGN_NAME_MAX).optional() });

/** The design's name: the one given, else the file's name without its ending. */
const designName = (given: string | undefined, fileName: string): string => {
  const fromFile = fileName.replace(/\.[^.]{1,8}$/, "").trim();
  return (given || fromFile || "Card design").slice(0, CARD_DESIGN_NAME_MAX);
};

/** POST /v1/card_designs: a new design from its 360x720 PNG card image. */
export const uploadCardDesign = async (
  deps: AppDeps,
  ctx: ProjectContext,
  query: unknown,
  upload: () => Promise<UploadResult>,
): Promise<CardDesignDto> => {
  authorizeManage(ctx);
  const { name } = nameInput.parse(query ?? {});
  const uploaded = await upload();
  const data = await checkDesignImage(uploaded, "main");
  const fileName = uploaded.status === "ok" ? uploaded.file.fileName : "";
  const projectId = ctx.membership.projectId;
  const id = randomUUID();
  const imageKey = blobKey(projectId, id, "image");
  await deps.blobs.put(imageKey, data, { contentType: "image/png" });
  const now = deps.now();
  const design = await deps.db.transaction(async (tx) => {
    await insertDesign(tx, { projectId, id, name: designName(name, fileName), imageKey, createdBy: ctx.user.id, now });
    await writeAudit(tx, {
      action: "card_design.created",
      objectType: "card_design",
      objectId: id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      at: now,
    });
    return findDesign(tx, projectId, id);
  });
  if (!design) throw new Error("The design was just inserted");
  return dtoOf(deps, projectId, design);
};

const notFound = () => new AppError("NOT_FOUND", "The card design was not found.");

/** POST /v1/card_designs/{id}/thumbnail: the design's 36x72 PNG thumbnail; a new one replaces the old. */
export const uploadCardDesignThumbnail = async (
  deps: AppDeps,
  ctx: ProjectContext,
  id: string,
  upload: () => Promise<UploadResult>,
): Promise<CardDesignDto> => {
  authorizeManage(ctx);
  const projectId = ctx.membership.projectId;
  if (!isUuid(id) || !(await findDesign(deps.db, projectId, id))) throw notFound();
  const data = await checkDesignImage(await upload(), "thumbnail");
  const key = blobKey(projectId, id, "thumbnail");
  await deps.blobs.put(key, data, { contentType: "image/png" });
  const now = deps.now();
  const { design, previous } = await deps.db.transaction(async (tx) => {
    const locked = await findDesign(tx, projectId, id, true);
    if (!locked) throw notFound();
    await setThumbnailKey(tx, { projectId, id, key, now });
    return { design: { ...locked, thumbnailKey: key }, previous: locked.thumbnailKey };
  });
  // The old file goes after the row no longer names it: a failure leaves an orphan, never a broken link.
  if (previous) await Promise.allSettled([deps.blobs.delete(previous)]);
  return dtoOf(deps, projectId, design);
};

/** The company's designs, newest first, paged by cursor (card read: whoever sees cards sees their designs). */
export const cardDesignsFor = async (deps: AppDeps, ctx: ProjectContext, args: unknown) => {
  const projectId = ctx.membership.projectId;
  authorize(ctx, "card", "read", { project_id: projectId });
  const { first, after } = cardDesignPageInput.parse(args ?? {});
  const limit = first ?? 50;
  const rows = await designsPage(deps.db, projectId, { cursor: after ?? null, limit });
  const page = timePageOf(rows, limit);
  return { nodes: page.nodes.map((design) => dtoOf(deps, projectId, design)), next_cursor: page.next_cursor };
};

/** Chooses the design a card type shows (design_id null: the standard look). */
export const setCardTypeDesign = async (deps: AppDeps, ctx: ProjectContext, input: unknown) => {
  authorizeManage(ctx);
  const { card_type, design_id } = chooseDesignInput.parse(input);
  const projectId = ctx.membership.projectId;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (design_id !== null && !(await findDesign(tx, projectId, design_id, true))) throw notFound();
    await chooseDesign(tx, { projectId, cardType: card_type, designId: design_id, now });
    await writeAudit(tx, {
      action: "card_design.chosen",
      objectType: "card_design",
      objectId: design_id,
      projectId,
      actorUserId: ctx.user.id,
      data: { card_type },
      requestId: ctx.requestId,
      at: now,
    });
  });
  return { card_type, design_id };
};

/** Deletes a design; the card types that showed it show the standard look again. */
export const deleteCardDesign = async (deps: AppDeps, ctx: ProjectContext, id: string) => {
  authorizeManage(ctx);
  const projectId = ctx.membership.projectId;
  if (!isUuid(id)) throw notFound();
  const now = deps.now();
  const gone = await deps.db.transaction(async (tx) => {
    const design = await findDesign(tx, projectId, id, true);
    if (!design) throw notFound();
    await deleteDesign(tx, projectId, id);
    await writeAudit(tx, {
      action: "card_design.deleted",
      objectType: "card_design",
      objectId: id,
      projectId,
      actorUserId: ctx.user.id,
      requestId: ctx.requestId,
      at: now,
    });
    return design;
  });
  await Promise.allSettled([gone.imageKey, gone.thumbnailKey].flatMap((key) => (key ? [deps.blobs.delete(key)] : [])));
  return { id };
};

/** The design each card type of a company shows, with fresh links: one statement for a whole list of cards. */
export const designsByCardType = async (deps: AppDeps, projectId: string): Promise<Map<CardType, DesignLinks>> => {
  const chosen = await chosenDesigns(deps.db, projectId);
  return new Map(
    chosen.map((design) => [
      design.cardType,
      { id: design.id, ...linksOf(deps, projectId, design.id, design.hasThumbnail) },
    ]),
  );
};

/**
 * A card's design in a GraphQL answer: the company's choices are read once per request (all the cards of one answer
 * belong to the caller's project), whatever the number of cards.
 */
const perRequest = new WeakMap<object, Promise<Map<CardType, DesignLinks>>>();
export const designOfCard = (
  deps: AppDeps,
  request: object,
  projectId: string,
  cardType: CardType,
): Promise<DesignLinks | null> => {
  let designs = perRequest.get(request);
  if (!designs) {
    designs = designsByCardType(deps, projectId);
    perRequest.set(request, designs);
  }
  return designs.then((map) => map.get(cardType) ?? null);
};

/** A signed link's target: a design's card image or thumbnail. */
export const openCardDesignFile = async (
  deps: AppDeps,
  params: { projectId: string; id: string; variant: DesignVariant },
  query: { expires?: string; signature?: string },
): Promise<FileAnswer> => {
  const now = deps.now();
  deps.links.verify(designFilePath(params.projectId, params.id, params.variant), query, now);
  const keys =
    isUuid(params.projectId) && isUuid(params.id) ? await designKeys(deps.db, params.projectId, params.id) : null;
  const key = keys ? (params.variant === "image" ? keys.imageKey : keys.thumbnailKey) : null;
  const blob = key ? await deps.blobs.get(key) : null;
  if (!blob) throw notFound();
  return new FileAnswer({
    stream: blob.stream,
    size: blob.size,
    contentType: "image/png",
    fileName: params.variant === "image" ? "card.png" : "card-thumbnail.png",
    disposition: "inline",
    maxAgeSeconds: (Number(query.expires) * 1000 - now.getTime()) / 1000,
  });
};
