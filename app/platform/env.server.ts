/**
 * The one module that reads process.env. Every setting is validated at start-up;
 * the embedded mode (no DATABASE_URL, no SMTP_URL) has safe defaults for everything.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("UK Waste Carrier Directory <no-reply@wastecarrierdirectory.local>"),
  CONTACT_EMAIL: z.string().email().default("support@wastecarrierdirectory.local"),
  // Uploads: local disk under DATA_DIR/uploads, or an S3-compatible bucket (S3_* below).
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z.string().regex(/^[A-Za-z0-9._/-]*$/, "S3_PREFIX may hold letters, digits, . _ - and /").optional(),
  REGISTER_SOURCE: z.string().optional(),
  SYNC_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "SYNC_DAILY_AT must be HH:MM (24-hour, UTC)")
    .optional(),
  SYNC_STALE_AFTER_MINUTES: z.coerce.number().int().min(1).default(30),
  SEED_SAMPLE_DATA: bool.optional(),
  SAMPLE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  JOBS_ENABLED: bool.default(true),
  TRUST_PROXY: bool.default(false),
  // Seconds anonymous visitors' home, search and profile pages are kept in memory (0: off).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  EMAIL_CONFIRMATION: bool.default(true),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  isProduction: boolean;
  /** Embedded mode: PGlite in DATA_DIR/db instead of a PostgreSQL server. */
  embedded: boolean;
  seedSampleData: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required in production");
  }
  if (env.STORAGE_DRIVER === "s3") {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !env[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE_DRIVER=s3`).join("\n")}`);
  }
  const embedded = !env.DATABASE_URL;
  return {
    ...env,
    dataDir,
    isProduction,
    embedded,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    sessionSecret: env.SESSION_SECRET ?? localSecret(dataDir),
    seedSampleData: env.SEED_SAMPLE_DATA ?? embedded,
  };
}

/** Outside production a random secret is generated once and kept in the data directory. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
