import path from "node:path";
import { z } from "zod";

/**
 * How long the database may make a request wait, in milliseconds. Each bound ends in an error that the error
 * mapper answers as 503 BUSY with Retry-After, so a saturated server refuses quickly instead of hanging.
 */
export type DbTimeouts = {
  /** One statement's run time (PostgreSQL statement_timeout). */
  statementMs: number;
  /** Waiting for a row, table or advisory lock (lock_timeout). */
  lockMs: number;
  /** A transaction left open with nothing running (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** Waiting for a free connection of the pool. */
  connectMs: number;
};

/** Generous for a request, short enough that nothing piles up behind a stuck one. */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 15_000,
  connectMs: 5_000,
};

/**
 * Everything the server reads from its environment, parsed once at start. Nothing else in the
 * server reads process.env, so the configuration a newcomer needs is all in this file and the README.
 */
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  /** `production` turns off demo mode: no outbox routes, no demo passcodes, no embedded demo seed. */
  KORT_ENV: z.enum(["production", "development", "test"]).optional(),
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  KORT_DATA_DIR: z.string().default("data"),
  KORT_PUBLIC_URL: z.string().url().optional(),
  /**
   * The load balancers in front of Kort whose X-Forwarded-For is believed, so `request.ip` (rate limits, logs) is
   * the client's: how many hops (`1`), or their addresses and CIDR ranges, comma-separated. Unset: none.
   */
  KORT_TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, "a hop count or addresses/CIDRs, comma-separated")
    .optional(),
  /** Tests set this so a server they spawn stops by itself when the test runner dies. */
  KORT_STOP_WITH_PARENT: z.enum(["0", "1"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** 32 bytes, base64: encrypts card numbers and CVCs. Without it the embedded default keeps one in the data folder. */
  KORT_CARD_KEY: z.string().optional(),
  /** The card network's shared secret (header X-Network-Key); demo mode falls back to DEMO_NETWORK_KEY. */
  KORT_NETWORK_KEY: z.string().min(16).optional(),
  /** Database bounds in milliseconds (platform/db/client.ts): each ends in 503 BUSY instead of a hang. */
  KORT_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  KORT_DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  KORT_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  KORT_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  KORT_DB_POOL_MAX: z.coerce.number().int().min(2).max(500).default(10),
  /** The pool's guard against a second connection inside a transaction (platform/db/client.ts); off in production. */
  KORT_DB_POOL_GUARD: z.enum(["0", "1"]).optional(),
  /**
   * Signs links to files (receipts): at least 32 characters. Without it the key is derived from the card key, which
   * every server process of an installation already shares.
   */
  KORT_LINK_KEY: z.string().min(32).optional(),
  /** How long a signed link to a file lives, in seconds (spec 4: the browser fetches a new one near the end). */
  KORT_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** The folder of the filesystem blob store; `<KORT_DATA_DIR>/blobs` unless set. Ignored when S3 is set. */
  KORT_BLOB_DIR: z.string().optional(),
  /** An S3-compatible bucket for blobs instead of the filesystem (platform/blobs/s3-blob-store.ts). */
  KORT_S3_BUCKET: z.string().min(3).max(63).optional(),
  KORT_S3_REGION: z.string().default("us-east-1"),
  /** The service's address for S3-compatible stores (MinIO, Ceph, R2...); AWS's regional address when unset. */
  KORT_S3_ENDPOINT: z.string().url().optional(),
  KORT_S3_ACCESS_KEY_ID: z.string().optional(),
  KORT_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (`endpoint/bucket/key`); the default with an endpoint, as most compatible stores want. */
  KORT_S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).optional(),
  /** Prepended to every key, so one bucket can hold several installations. */
  KORT_S3_PREFIX: z.string().max(200).optional(),
  /** The domain of every company's receipts address (`<mailbox>@<domain>`); mail to other domains is refused. */
  KORT_RECEIPTS_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, "a domain name")
    .default("kvittanir.kort.is"),
  /**
   * Where Kort's own SMTP listener takes receipts e-mailed to that domain: a port, or `off`. Unset: 2525, or a free
   * port when 2525 is taken (the start line says which).
   */
  KORT_INBOUND_SMTP_PORT: z.union([z.literal("off"), z.coerce.number().int().min(1).max(65535)]).optional(),
  /** The listener's interface; HOST unless set. */
  KORT_INBOUND_SMTP_HOST: z.string().optional(),
  /** The mail relays' shared secret for POST /v1/inbound/receipts (header X-Mail-Relay-Key); a demo one in demo mode. */
  KORT_MAIL_RELAY_KEY: z.string().min(16).optional(),
  /**
   * The invoices' issuer, the platform operator (issue 15): name, kennitala, address, VSK number and the 12-digit
   * account payments go to. Demo defaults (Kort hf.) outside production; production refuses to issue without them.
   */
  KORT_ISSUER_NAME: z.string().trim().min(1).max(200).optional(),
  KORT_ISSUER_KENNITALA: z
    .string()
    .regex(/^\d{6}-?\d{4}$/, "a kennitala")
    .optional(),
  KORT_ISSUER_STREET: z.string().trim().min(1).max(200).optional(),
  KORT_ISSUER_POSTCODE: z
    .string()
    .regex(/^\d{3}$/, "an Icelandic postcode")
    .optional(),
  KORT_ISSUER_CITY: z.string().trim().min(1).max(100).optional(),
  KORT_ISSUER_VAT_NUMBER: z.string().trim().min(1).max(20).optional(),
  KORT_ISSUER_BANK_ACCOUNT: z
    .string()
    .regex(/^\d{4}-?\d{2}-?\d{6}$/, "12 digits: bank 4, ledger 2, account 6")
    .optional(),
  /** Unimaze, the e-invoicing access point: its messaging API's address and basic-auth user. Unset: the outbox. */
  KORT_UNIMAZE_URL: z.string().url().optional(),
  KORT_UNIMAZE_USER: z.string().optional(),
  KORT_UNIMAZE_PASSWORD: z.string().optional(),
  /** The card provider's credit staff: requests for a credit limit change are e-mailed here (issue 16). */
  KORT_CREDIT_DESK_EMAIL: z.email().default("lanalina@kort.is"),
  /** Where the support form's messages go (docs/support.md). */
  KORT_SUPPORT_EMAIL: z.email().default("support@kort.is"),
  /** A chat-support provider's script (https); without it the dashboard offers the support form. */
  KORT_SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https$/ }).optional(),
  /** The global function the script defines, called once with the app id and the user (default KortChat). */
  KORT_SUPPORT_CHAT_INIT: z
    .string()
    .regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/)
    .default("KortChat"),
  /** The provider's account or workspace id, handed to the init call. */
  KORT_SUPPORT_CHAT_APP_ID: z.string().max(200).optional(),
  /**
   * Web Push (issue 17): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints) and the contact
   * the push services may write to. Unset: the embedded default and demo mode keep a pair in the data folder.
   */
  KORT_VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  KORT_VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  KORT_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "a mailto: or https: address")
    .default("mailto:kort@kort.is"),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),
});

export type Config = {
  env: "production" | "development" | "test";
  /** Demo mode: the embedded outbox is readable and demo users sign in with passcode 1234. */
  demoMode: boolean;
  databaseUrl: string | undefined;
  port: number;
  /** False when PORT was not set: main.ts may then move to a free port if the default is taken. */
  portExplicit: boolean;
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
  /** Fastify's trustProxy: false, a hop count, or the trusted addresses (KORT_TRUST_PROXY). */
  trustProxy: false | number | string;
  stopWithParent: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** The request pool: its size, how long anything may wait on the database, and whether it is guarded. */
  db: { poolMax: number; timeouts: DbTimeouts; poolGuard: boolean };
  smtp: { host: string; port: number; user?: string; password?: string; from: string } | undefined;
  /**
   * The card data key (32 bytes) from KORT_CARD_KEY; main.ts fills it from `<dataDir>/card-key` when the
   * variable is not set (platform/crypto/card-key-file.ts). Without one the card network routes refuse.
   */
  cardKey: Buffer | undefined;
  /** The key the card network presents; undefined in production without KORT_NETWORK_KEY (the routes refuse). */
  networkKey: string | undefined;
  /** Signed links to files: their key (KORT_LINK_KEY, else derived from the card key) and lifetime. */
  links: { key: string | undefined; ttlSeconds: number };
  /** Where files live: a folder (the default, `<dataDir>/blobs`) or an S3-compatible bucket. */
  blobs: BlobConfig;
  /** Receipts by e-mail: the address domain, Kort's SMTP listener (off: none) and the relays' key. */
  inboundMail: {
    domain: string;
    smtp: { host: string; port: number; portExplicit: boolean } | "off";
    relayKey: string | undefined;
  };
  /** The platform operator as the issuer of invoices; undefined in production until configured. */
  issuer: InvoiceIssuer | undefined;
  /** Where e-invoices go: Unimaze over HTTP when configured, else the outbox (demo mode). */
  einvoicing: { kind: "unimaze"; url: string; user: string; password: string } | { kind: "outbox" };
  /** Where requests for a credit limit change go (KORT_CREDIT_DESK_EMAIL), through the outbox. */
  creditDeskEmail: string;
  /** Support (docs/support.md): the form's address, and the chat widget when a provider is configured. */
  support: { email: string; chat: { scriptUrl: string; init: string; appId: string | null } | null };
  /**
   * Web Push's VAPID keys from KORT_VAPID_*; undefined when not set (the push module then keeps a pair in the data
   * folder in the embedded default and demo mode, and sends no pushes in production).
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** KORT_VAPID_SUBJECT, also for a pair kept in the data folder. */
  vapidSubject: string;
};

export type InvoiceIssuer = {
  name: string;
  /** 10 digits. */
  kennitala: string;
  street: string;
  postcode: string;
  city: string;
  /** VSK-númer, without the IS prefix. */
  vatNumber: string;
  /** 12 digits: bank 4, ledger 2, account 6. */
  bankAccount: string;
};

/** The demo issuer (the demo platform operator, Kort hf.); the README lists it. */
export const DEMO_ISSUER: InvoiceIssuer = {
  name: "Kort hf.",
  kennitala: "5003101030",
  street: "Katrínartún 2",
  postcode: "105",
  city: "Reykjavík",
  vatNumber: "123456",
  bankAccount: "013326012345",
};

const digitsOnly = (text: string) => text.replace(/\D/g, "");

const issuerFrom = (parsed: ParsedEnv, demo: boolean): InvoiceIssuer | undefined => {
  const given = {
    name: parsed.KORT_ISSUER_NAME,
    kennitala: parsed.KORT_ISSUER_KENNITALA && digitsOnly(parsed.KORT_ISSUER_KENNITALA),
    street: parsed.KORT_ISSUER_STREET,
    postcode: parsed.KORT_ISSUER_POSTCODE,
    city: parsed.KORT_ISSUER_CITY,
    vatNumber: parsed.KORT_ISSUER_VAT_NUMBER,
    bankAccount: parsed.KORT_ISSUER_BANK_ACCOUNT && digitsOnly(parsed.KORT_ISSUER_BANK_ACCOUNT),
  };
  const issuer = { ...(demo ? DEMO_ISSUER : {}), ...Object.fromEntries(Object.entries(given).filter(([, v]) => v)) };
  const missing = (Object.keys(DEMO_ISSUER) as (keyof InvoiceIssuer)[]).filter((key) => !issuer[key]);
  // Production with none of them set issues no invoices (the job says so); a partial issuer is a mistake.
  if (missing.length === 0) return issuer as InvoiceIssuer;
  if (missing.length === Object.keys(DEMO_ISSUER).length) return undefined;
  throw new Error(`The invoice issuer needs ${missing.map((key) => key).join(", ")} (KORT_ISSUER_*)`);
};

const einvoicingFrom = (parsed: ParsedEnv): Config["einvoicing"] => {
  if (!parsed.KORT_UNIMAZE_URL) return { kind: "outbox" };
  if (!parsed.KORT_UNIMAZE_USER || !parsed.KORT_UNIMAZE_PASSWORD) {
    throw new Error("KORT_UNIMAZE_URL needs KORT_UNIMAZE_USER and KORT_UNIMAZE_PASSWORD");
  }
  return {
    kind: "unimaze",
    url: parsed.KORT_UNIMAZE_URL,
    user: parsed.KORT_UNIMAZE_USER,
    password: parsed.KORT_UNIMAZE_PASSWORD,
  };
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Without one, AWS's own address for the region. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
};

export type BlobConfig = { kind: "filesystem"; dir: string } | ({ kind: "s3" } & S3Config);

/** The card network key in demo mode when KORT_NETWORK_KEY is not set; the README lists it. */
export const DEMO_NETWORK_KEY = "demo-network-key";

/** The mail relays' key in demo mode when KORT_MAIL_RELAY_KEY is not set; the README lists it. */
export const DEMO_MAIL_RELAY_KEY = "demo-mail-relay-key";

/** The inbound SMTP port when none is configured (unprivileged, the usual one for a local MTA's relay). */
export const DEFAULT_INBOUND_SMTP_PORT = 2525;

const cardKeyFrom = (base64: string | undefined): Buffer | undefined => {
  if (base64 === undefined || base64 === "") return undefined;
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32) throw new Error("KORT_CARD_KEY must be 32 bytes, base64-encoded");
  return key;
};

const trustProxyFrom = (value: string | undefined): false | number | string => {
  if (value === undefined || value.trim() === "") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
};

type ParsedEnv = z.infer<typeof envSchema>;

const vapidFrom = (parsed: ParsedEnv): Config["vapid"] => {
  const { KORT_VAPID_PUBLIC_KEY: publicKey, KORT_VAPID_PRIVATE_KEY: privateKey } = parsed;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error("KORT_VAPID_PUBLIC_KEY and KORT_VAPID_PRIVATE_KEY go together");
  return { publicKey, privateKey, subject: parsed.KORT_VAPID_SUBJECT };
};

const blobConfig = (parsed: ParsedEnv, dataDir: string, base: string): BlobConfig => {
  if (!parsed.KORT_S3_BUCKET) {
    return {
      kind: "filesystem",
      dir: parsed.KORT_BLOB_DIR ? path.resolve(base, parsed.KORT_BLOB_DIR) : path.join(dataDir, "blobs"),
    };
  }
  if (!parsed.KORT_S3_ACCESS_KEY_ID || !parsed.KORT_S3_SECRET_ACCESS_KEY) {
    throw new Error("KORT_S3_BUCKET needs KORT_S3_ACCESS_KEY_ID and KORT_S3_SECRET_ACCESS_KEY");
  }
  const forcePathStyle = parsed.KORT_S3_FORCE_PATH_STYLE
    ? parsed.KORT_S3_FORCE_PATH_STYLE === "1"
    : parsed.KORT_S3_ENDPOINT !== undefined;
  return {
    kind: "s3",
    bucket: parsed.KORT_S3_BUCKET,
    region: parsed.KORT_S3_REGION,
    endpoint: parsed.KORT_S3_ENDPOINT,
    accessKeyId: parsed.KORT_S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.KORT_S3_SECRET_ACCESS_KEY,
    forcePathStyle,
    prefix: parsed.KORT_S3_PREFIX ?? "",
  };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.parse(env);
  const mode = parsed.KORT_ENV ?? (parsed.NODE_ENV === "production" ? "production" : "development");
  // npm runs workspace scripts inside apps/server; a relative folder means relative to where the person typed
  // the command (INIT_CWD), so `npm start` at the root keeps its data in ./data.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, parsed.KORT_DATA_DIR);
  return {
    env: mode,
    demoMode: mode !== "production",
    databaseUrl: parsed.DATABASE_URL,
    port: parsed.PORT,
    portExplicit: env.PORT !== undefined && env.PORT !== "",
    host: parsed.HOST,
    dataDir,
    publicUrl: parsed.KORT_PUBLIC_URL,
    trustProxy: trustProxyFrom(parsed.KORT_TRUST_PROXY),
    stopWithParent: parsed.KORT_STOP_WITH_PARENT === "1",
    logLevel: parsed.LOG_LEVEL,
    db: {
      poolMax: parsed.KORT_DB_POOL_MAX,
      timeouts: {
        statementMs: parsed.KORT_DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.statementMs,
        lockMs: parsed.KORT_DB_LOCK_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.lockMs,
        idleInTransactionMs: parsed.KORT_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.idleInTransactionMs,
        connectMs: parsed.KORT_DB_CONNECT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.connectMs,
      },
      poolGuard: parsed.KORT_DB_POOL_GUARD ? parsed.KORT_DB_POOL_GUARD === "1" : mode !== "production",
    },
    smtp: parsed.SMTP_HOST
      ? {
          host: parsed.SMTP_HOST,
          port: parsed.SMTP_PORT ?? 587,
          user: parsed.SMTP_USER,
          password: parsed.SMTP_PASSWORD,
          from: parsed.SMTP_FROM ?? "Kort <no-reply@kort.is>",
        }
      : undefined,
    cardKey: cardKeyFrom(parsed.KORT_CARD_KEY),
    networkKey: parsed.KORT_NETWORK_KEY ?? (mode !== "production" ? DEMO_NETWORK_KEY : undefined),
    links: { key: parsed.KORT_LINK_KEY, ttlSeconds: parsed.KORT_LINK_TTL_SECONDS },
    blobs: blobConfig(parsed, dataDir, base),
    inboundMail: {
      domain: parsed.KORT_RECEIPTS_DOMAIN.toLowerCase(),
      smtp:
        parsed.KORT_INBOUND_SMTP_PORT === "off"
          ? "off"
          : {
              host: parsed.KORT_INBOUND_SMTP_HOST ?? parsed.HOST,
              port: parsed.KORT_INBOUND_SMTP_PORT ?? DEFAULT_INBOUND_SMTP_PORT,
              portExplicit: parsed.KORT_INBOUND_SMTP_PORT !== undefined,
            },
      relayKey: parsed.KORT_MAIL_RELAY_KEY ?? (mode !== "production" ? DEMO_MAIL_RELAY_KEY : undefined),
    },
    issuer: issuerFrom(parsed, mode !== "production"),
    einvoicing: einvoicingFrom(parsed),
    creditDeskEmail: parsed.KORT_CREDIT_DESK_EMAIL,
    support: {
      email: parsed.KORT_SUPPORT_EMAIL,
      chat: parsed.KORT_SUPPORT_CHAT_SCRIPT_URL
        ? {
            scriptUrl: parsed.KORT_SUPPORT_CHAT_SCRIPT_URL,
            init: parsed.KORT_SUPPORT_CHAT_INIT,
            appId: parsed.KORT_SUPPORT_CHAT_APP_ID ?? null,
          }
        : null,
    },
    vapid: vapidFrom(parsed),
    vapidSubject: parsed.KORT_VAPID_SUBJECT,
  };
};
