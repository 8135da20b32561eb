import type { FastifyInstance } from "fastify";
import { settledContext } from "./context.ts";
import { loggablePath, logsAt } from "./logger.ts";

/**
 * One line per finished request (Fastify's own two lines are turned off in app.ts): request id
 * (bound by Fastify), user, project, status and time. No headers or bodies are logged.
 */
export const registerRequestLog = (app: FastifyInstance): void => {
  // Below info (production logs at warn) the line is never written, so no hook runs on every answer for it.
  if (!logsAt(app.log, "info")) return;
  app.addHook("onResponse", (request, reply, done) => {
    if (logsAt(request.log, "info")) {
      const ctx = settledContext(request);
      request.log.info(
        {
          method: request.method,
          path: loggablePath(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          userId: ctx?.user?.id,
          projectId: ctx?.requestedProjectId,
        },
        "request",
      );
    }
    done();
  });
};
