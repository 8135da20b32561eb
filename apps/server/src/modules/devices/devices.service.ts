import { createHash, createPublicKey } from "node:crypto";
import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type DeviceRow, findOwnDevice, setOwnPublicKey, setOwnPushToken, upsertOwnDevice } from "./devices.repo.ts";
import { deviceKeySchema, deviceTokenSchema, putDeviceSchema } from "./devices.schemas.ts";

/**
 * A device is its person's alone: every call is about the caller's own (no policy resource covers devices; the
 * authorization coverage test lists them with that reason). Another person's device id answers NOT_FOUND, so an id
 * tells nothing of whose it is.
 */

const notFound = (): AppError => new AppError("NOT_FOUND", "The device was not found.");

const toDto = (row: DeviceRow) => ({
  id: row.id,
  make: row.make,
  model: row.model,
  name: row.name,
  push_enabled: row.pushToken !== null,
  public_key: row.publicKey,
  last_seen_at: row.lastSeenAt,
  created_at: row.createdAt,
});

export const putDevice = async (deps: AppDeps, ctx: UserContext, id: string, body: unknown) => {
  const input = putDeviceSchema.parse(body);
  const row = await upsertOwnDevice(
    deps.db,
    ctx.user.id,
    id,
    { make: input.make, model: input.model ?? null, name: input.name ?? null },
    deps.now(),
  );
  if (!row) throw notFound();
  return toDto(row);
};

export const getDevice = async (deps: AppDeps, ctx: UserContext, id: string) => {
  const row = await findOwnDevice(deps.db, ctx.user.id, id);
  if (!row) throw notFound();
  return toDto(row);
};

export const setDeviceToken = async (deps: AppDeps, ctx: UserContext, body: unknown) => {
  const input = deviceTokenSchema.parse(body);
  const row = await setOwnPushToken(deps.db, ctx.user.id, input.device_id, input.token, deps.now());
  if (!row) throw notFound();
  return toDto(row);
};

const notAKey = (): AppError =>
  new AppError("VALIDATION_FAILED", "The public key is not a P-256 key in SPKI form.", {
    issues: [{ path: "public_key", code: "custom", message: "A base64url SPKI P-256 public key." }],
  });

/**
 * Parses the key as SPKI DER and keeps it only when it is an EC key on P-256: a key of another curve or type, a
 * private key or bytes that only look like base64 are refused here rather than failing whoever uses it later.
 * Returns the canonical base64url of the DER the key re-exports to, so one key is always stored the same way.
 */
export const parseDevicePublicKey = (text: string): string => {
  const der = Buffer.from(text, "base64url");
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: der, format: "der", type: "spki" });
  } catch {
    throw notAKey();
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") throw notAKey();
  return key.export({ format: "der", type: "spki" }).toString("base64url");
};

/** The audit names a key by its SHA-256, short enough to compare and never the whole key. */
const fingerprint = (key: string | null): string | null =>
  key === null ? null : createHash("sha256").update(Buffer.from(key, "base64url")).digest("hex").slice(0, 32);

/** PUT /v1/devices/key: the caller's own device's public key, replaced and audited in one transaction. */
export const setDeviceKey = async (deps: AppDeps, ctx: UserContext, body: unknown) => {
  const input = deviceKeySchema.parse(body);
  const publicKey = parseDevicePublicKey(input.public_key);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const changed = await setOwnPublicKey(tx, ctx.user.id, input.device_id, publicKey, now);
    if (!changed) return undefined;
    await writeAudit(tx, {
      action: "device.set_key",
      objectType: "device",
      objectId: input.device_id,
      actorUserId: ctx.user.id,
      data: { from: fingerprint(changed.previousKey), to: fingerprint(publicKey) },
      requestId: ctx.requestId,
      at: now,
    });
    return changed.row;
  });
  if (!row) throw notFound();
  return toDto(row);
};
