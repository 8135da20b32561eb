import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { deviceKeySchema, deviceParams, deviceSchema, deviceTokenSchema, putDeviceSchema } from "./devices.schemas.ts";
import { getDevice, putDevice, setDeviceKey, setDeviceToken } from "./devices.service.ts";

/** Spec 7, devices: the employee app registers the phone it runs on after sign-in. */

const tag = "devices";

export const devicesRoutes: RestRoute[] = [
  defineRoute({
    method: "POST",
    path: "/v1/devices/tokens",
    summary: "Where Web Push reaches one of the caller's devices: {device_id, token (a push subscription's JSON)}",
    tag,
    access: "user",
    checkedBody: deviceTokenSchema,
    response: deviceSchema,
    handler: ({ ctx, body, deps }) => setDeviceToken(deps, ctx, body),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/devices/key",
    summary:
      "The public key of one of the caller's devices: {device_id, public_key (a P-256 key, SPKI DER in base64url)}",
    tag,
    access: "user",
    checkedBody: deviceKeySchema,
    response: deviceSchema,
    handler: ({ ctx, body, deps }) => setDeviceKey(deps, ctx, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/devices/:id",
    summary: "One of the caller's own devices",
    tag,
    access: "user",
    params: deviceParams,
    response: deviceSchema,
    handler: ({ ctx, params, deps }) => getDevice(deps, ctx, params.id),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/devices/:id",
    summary: "Register or update the caller's device (its id is the device's own UUID): {make, model?, name?}",
    tag,
    access: "user",
    params: deviceParams,
    checkedBody: putDeviceSchema,
    response: deviceSchema,
    handler: ({ ctx, params, body, deps }) => putDevice(deps, ctx, params.id, body),
  }),
];
