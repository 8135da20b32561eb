import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

const isAddressInUse = (error: unknown): boolean =>
  error instanceof Error && "code" in error && error.code === "EADDRINUSE";

/**
 * Listens on HOST:PORT. When PORT was not set and the default is taken (another Kort, another dev
 * server), it moves to a free port and says so, rather than failing a first `npm start`. An
 * explicit PORT that is taken is an error with a clear message.
 */
export const listen = async (app: FastifyInstance, config: Config): Promise<number> => {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    if (config.portExplicit) {
      throw new Error(`Port ${config.port} is already in use. Stop what uses it or set another PORT.`, {
        cause: error,
      });
    }
    await app.listen({ host: config.host, port: 0 });
    const port = boundPort(app);
    console.warn(`Port ${config.port} is already in use; Kort is using port ${port} instead (set PORT to choose).`);
    return port;
  }
  return boundPort(app);
};

const boundPort = (app: FastifyInstance): number => {
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : 0;
};

/** The address to print: a wildcard bind is reachable on loopback, a specific host only on itself. */
export const displayHost = (host: string): string => (host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host);
