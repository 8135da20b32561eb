import { z } from "zod";
import { defineRoute, type RestRoute } from "../../platform/http/rest.ts";
import { pushKey } from "./push.service.ts";

/** Spec 7, `GET /devices/key`: what the employee app needs to subscribe to Web Push. */
export const pushRoutes: RestRoute[] = [
  defineRoute({
    method: "GET",
    path: "/v1/devices/key",
    summary: "The VAPID public key push subscriptions are made with (base64url), or null when pushes are off",
    tag: "devices",
    access: "user",
    response: z.object({ vapid_public_key: z.string().nullable() }),
    handler: ({ deps }) => pushKey(deps),
  }),
];
