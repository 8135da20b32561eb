import type { BlobStore } from "./blobs/blob-store.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Logger } from "./http/logger.ts";
import type { AppDeps, RestRoute } from "./http/rest.ts";
import type { JobDefinition, TaskDefinition } from "./jobs/jobs.ts";
import type { InboundMailHandler } from "./mail/smtp-listener.ts";

/**
 * What a domain module hands the composition root (src/app/modules.ts): its /v1 routes, its jobs and its demo
 * data. Each module exports one of these from `<domain>.module.ts`; importing that file also registers the
 * module's GraphQL types and fields on the shared Pothos builder (platform/graphql/builder.ts), which is how
 * Pothos assembles a schema. The platform knows this shape and nothing of the modules themselves.
 */
export type KortModule = {
  name: string;
  routes?: readonly RestRoute[];
  jobs?: readonly JobDefinition[];
  /** Work its requests hand to a queue (platform/jobs: tasks). */
  tasks?: readonly TaskDefinition[];
  /**
   * Demo mode only: data of this module the demo company has from its first page (receipt files), added
   * idempotently after the demo seed and before the server listens, so no request sees it half made.
   */
  demoData?: (db: Db, options: DemoDataOptions) => Promise<unknown>;
  /** Demo mode only: data a person trying Kort needs from this module, added idempotently after the demo seed. */
  demoSeed?: (db: Db, options: { baseUrl: string; now: Date }) => Promise<unknown>;
  /** The inbound mail this module takes (receipts e-mailed to a company): at most one module per installation. */
  inboundMail?: (deps: AppDeps, logger: Logger) => InboundMailHandler;
};

/** What module demo data is made with: the clock, the blob store for its files, and the configuration (the issuer). */
export type DemoDataOptions = { now: Date; blobs: BlobStore; config?: Pick<Config, "issuer"> };
