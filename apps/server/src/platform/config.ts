import path from "node:path";
import { z } from "zod";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  smtp: { host: string; port: number; user?: string; password?: string; from: string } | undefined;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.parse(env);
  const mode = parsed.KORT_ENV ?? (parsed.NODE_ENV === "production" ? "production" : "development");
  return {
    env: mode,
    demoMode: mode !== "production",
    databaseUrl: parsed.DATABASE_URL,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.KORT_DATA_DIR),
    publicUrl: parsed.KORT_PUBLIC_URL,
    logLevel: parsed.LOG_LEVEL,
    smtp: parsed.SMTP_HOST
      ? {
          host: parsed.SMTP_HOST,
          port: parsed.SMTP_PORT ?? 587,
          user: parsed.SMTP_USER,
          password: parsed.SMTP_PASSWORD,
          from: parsed.SMTP_FROM ?? "Kort <no-reply@kort.is>",
        }
      : undefined,
  };
};
