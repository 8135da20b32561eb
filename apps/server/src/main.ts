// First, so that V8 runs every module of the server with these settings.
import "./platform/runtime/v8-flags.ts";
import { performance } from "node:perf_hooks";
import { createKortApp, kortInboundMail, kortJobs, kortTasks } from "./app/app.ts";
import { oneDemoSeedingAtATime, seedModuleData, seedModuleDemos } from "./app/seed/demo.ts";
import { DEMO_PASSCODE, DEMO_SIGN_INS, seedDemo } from "./app/seed/seed.ts";
import { DEMO_INVITED_EMAIL } from "./modules/invites/demo-invite.ts";
import { createBlobStore } from "./platform/blobs/create-blob-store.ts";
import { loadConfig } from "./platform/config.ts";
import { checkCardKey } from "./platform/crypto/card-key-check.ts";
import { resolveCardKey } from "./platform/crypto/card-key-file.ts";
import { createDb } from "./platform/db/client.ts";
import { migrateDatabase } from "./platform/db/migrate.ts";
import { startDatabase } from "./platform/db/start.ts";
import { createAppDeps } from "./platform/http/app-deps.ts";
import { displayHost, listen } from "./platform/http/listen.ts";
import { scrubText } from "./platform/http/log-serializers.ts";
import { createLogger } from "./platform/http/logger.ts";
import { startJobs } from "./platform/jobs/jobs.ts";
import { INBOUND_MESSAGE_MAX_BYTES, startSmtpListener } from "./platform/mail/smtp-listener.ts";
import { startOutboxDelivery } from "./platform/outbox/delivery.ts";
import { createSmtpTransport } from "./platform/outbox/smtp.ts";

/** A shutdown step and how long it may take before the next one starts. */
type Cleanup = { name: string; run: () => Promise<void>; ms: number };

/** SIGTERM and SIGINT end the process within this, whatever is still running (issue 9: drain within 10 s). */
const SHUTDOWN_DEADLINE_MS = 9_000;
/** In-flight requests get this long to finish before their connections are cut. */
const DRAIN_MS = 4_000;

/** Resolves when `work` settles or after `ms`, whichever comes first: no shutdown step may hold the others. */
const within = (work: Promise<void>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });

const main = async (): Promise<void> => {
  const started = performance.now();
  const loaded = loadConfig();
  const logger = createLogger(loaded);
  // Stopped in reverse order on shutdown or on a failed start, so no embedded PostgreSQL is left behind.
  const cleanups: Cleanup[] = [];
  const shutdown = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) {
      const step = cleanup
        .run()
        .catch((error: unknown) => logger.error({ err: error }, `shutdown: ${cleanup.name} failed`));
      await within(step, cleanup.ms);
    }
  };

  try {
    // The card key comes from KORT_CARD_KEY or, in the embedded default and demo mode, <dataDir>/card-key.
    const config = { ...loaded, cardKey: await resolveCardKey(loaded) };
    const database = await startDatabase(config, logger);
    cleanups.push({ name: "database", run: () => database.stop(), ms: 2_000 });
    const { db, close } = createDb(database.url, {
      log: logger,
      max: config.db.poolMax,
      timeouts: config.db.timeouts,
      guard: config.db.poolGuard,
    });
    // A connection still held by a request past the drain does not keep the pool (and the process) open.
    cleanups.push({ name: "pool", run: close, ms: 1_000 });
    await migrateDatabase(db);
    // Servers sharing this database must share the card key; one with another key refuses to start.
    await checkCardKey(db, config.cardKey);
    // Receipt files: a folder under the data folder, or the configured S3-compatible bucket.
    const blobs = createBlobStore(config.blobs);
    // Demo mode (anything but production) always has the demo company; seeding is idempotent.
    const seeded = config.demoMode;
    if (seeded) {
      await oneDemoSeedingAtATime(db, async () => {
        await seedDemo(db, { cardKey: config.cardKey });
        await seedModuleData(db, { now: new Date(), blobs, config });
      });
    }
    if (!config.demoMode && !config.publicUrl) {
      logger.warn(
        "KORT_PUBLIC_URL is not set: sign-up e-mails cannot be sent until it is (links are never made from the Host header in production).",
      );
    }

    // Jobs (card auto-close and expiry) on pg-boss in the same database; stopped before the pool closes.
    const jobs = await startJobs({ url: database.url, db, logger, jobs: kortJobs() });
    cleanups.push({ name: "jobs", run: () => jobs.stop(), ms: 1_500 });
    // E-mail leaves after commit, from the outbox table (platform/outbox); without SMTP the table is the delivery.
    if (config.smtp) {
      const delivery = startOutboxDelivery({ db, transport: createSmtpTransport(config.smtp), logger });
      cleanups.push({ name: "e-mail delivery", run: () => delivery.stop(), ms: 500 });
    }

    // Tasks (exports) run on this server's workers with the same dependencies the requests have.
    const deps = createAppDeps({ db, config, blobs, tasks: jobs.queue });
    await jobs.work(kortTasks(), { ...deps, logger });
    const app = await createKortApp({ db, config, logger, blobs, tasks: jobs.queue });
    cleanups.push({
      name: "http",
      // Stop accepting and let in-flight requests finish; then cut what is left (idle keep-alive connections are
      // closed at once by Fastify's default forceCloseConnections: "idle").
      run: async () => {
        await within(app.close(), DRAIN_MS);
        app.server.closeAllConnections();
      },
      ms: DRAIN_MS + 200,
    });
    const port = await listen(app, config);
    // Receipts e-mailed to a company's address: Kort's own SMTP listener (KORT_INBOUND_SMTP_PORT; `off`: none).
    const inboundMail = kortInboundMail();
    const smtp =
      inboundMail && config.inboundMail.smtp !== "off"
        ? await startSmtpListener({
            ...config.inboundMail.smtp,
            maxBytes: INBOUND_MESSAGE_MAX_BYTES,
            logger,
            handler: inboundMail(deps, logger),
          })
        : undefined;
    if (smtp) cleanups.push({ name: "inbound mail", run: smtp.stop, ms: 500 });
    if (seeded) {
      const baseUrl = config.publicUrl?.replace(/\/+$/, "") ?? `http://${displayHost(config.host)}:${port}`;
      await seedModuleDemos(db, { baseUrl, now: new Date() });
    }
    const ms = Math.round(performance.now() - started);
    // Process uptime includes Node's start and loading the TypeScript modules: what a person waits for.
    const uptimeMs = Math.round(process.uptime() * 1000);

    const lines = [
      `Kort is running at http://${displayHost(config.host)}:${port} (${config.env}, ready in ${uptimeMs} ms, ${ms} ms after loading)`,
    ];
    if (seeded) {
      lines.push(`Demo sign-in (passcode ${DEMO_PASSCODE}):`);
      for (const user of DEMO_SIGN_INS) lines.push(`  ${user.email.padEnd(20)} ${user.role}`);
      lines.push(`Sign-in codes and e-mails (and an invitation for ${DEMO_INVITED_EMAIL}): /dev/outbox`);
    }
    if (smtp && config.inboundMail.smtp !== "off") {
      const host = displayHost(config.inboundMail.smtp.host);
      lines.push(`Receipts by e-mail: SMTP on ${host}:${smtp.port}, to <company>@${config.inboundMail.domain}`);
    }
    console.log(lines.join("\n"));
    logger.info({ port, smtpPort: smtp?.port, startMs: ms, uptimeMs }, "server started");
  } catch (error) {
    logger.fatal({ err: error }, "Kort could not start");
    // A failed migration's message would carry its SQL parameters: scrubbed like every log line.
    console.error(`Kort could not start: ${scrubText(error instanceof Error ? error.message : String(error))}`);
    await shutdown();
    process.exit(1);
  }

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": skip the graceful path.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "shutting down");
    // The deadline holds even if a step hangs: a process manager's SIGKILL would lose the log line.
    setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    void shutdown().then(() => process.exit(0));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (loaded.stopWithParent) {
    // Linux hands an orphan to another parent: a changed ppid means the test runner that spawned us is gone.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) onSignal("SIGTERM");
    }, 500).unref();
  }
};

await main();
