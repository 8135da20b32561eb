import type { JobDefinition } from "../../platform/jobs/jobs.ts";
import { expireStaleAuthorizations } from "./authorization-expiry.service.ts";

export const AUTHORIZATION_EXPIRY_QUEUE = "authorization-expiry";

/** Every ten minutes, and once at start: releases reservations the network forgot (authorization-expiry.service.ts). */
export const authorizationExpiryJob: JobDefinition = {
  queue: AUTHORIZATION_EXPIRY_QUEUE,
  cron: "*/10 * * * *",
  runAtStart: true,
  run: async ({ db, now, logger }) => {
    const expired = await expireStaleAuthorizations(db, now);
    if (expired > 0) logger.info({ expired }, "authorization expiry job released pending authorizations");
  },
};
