import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { type DeviceRow, findOwnDevice, setOwnPushToken, upsertOwnDevice } from "./devices.repo.ts";
import { deviceTokenSchema, putDeviceSchema } from "./devices.schemas.ts";

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
