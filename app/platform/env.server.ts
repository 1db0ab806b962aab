/**
 * The one module that reads process.env. Every setting is validated at start-up;
 * the embedded mode (no DATABASE_URL, no SMTP_URL) has safe defaults for everything.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { EMAIL_ADDRESS } from "./email-address";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** OpenStreetMap's own tile server and the credit its licence asks for. */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_MAP_TILE_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

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
  // Where e-mail goes: "smtp" (SMTP_URL) or "outbox" (files in DATA_DIR/outbox). Defaults to smtp
  // when SMTP_URL is set; production needs SMTP_URL unless "outbox" is chosen on purpose.
  MAIL_TRANSPORT: z.enum(["smtp", "outbox"]).optional(),
  MAIL_FROM: z.string().min(3).default("UK Waste Carrier Directory <no-reply@wastecarrierdirectory.local>"),
  CONTACT_EMAIL: z
    .string()
    .regex(EMAIL_ADDRESS, "Invalid email address")
    .default("support@wastecarrierdirectory.local"),
  // Uploads: local disk under DATA_DIR/uploads, or an S3-compatible bucket (S3_* below).
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*$/, "S3_PREFIX may hold letters, digits, . _ - and /")
    .optional(),
  REGISTER_SOURCE: z.string().optional(),
  SYNC_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "SYNC_DAILY_AT must be HH:MM (24-hour, UTC)")
    .optional(),
  SYNC_STALE_AFTER_MINUTES: z.coerce.number().int().min(1).default(30),
  // Admins' e-mails about new claims, reports and messages wait this long for others to join them
  // (one e-mail per batch, decision 0803); 120 when unset (app/modules/admin-notifications).
  ADMIN_NOTIFY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  SEED_SAMPLE_DATA: bool.optional(),
  SAMPLE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  JOBS_ENABLED: bool.default(true),
  // Who may tell us the client's address in X-Forwarded-For (decision 0008): "false", a number of
  // proxy hops, or proxy addresses/subnets ("loopback", "10.0.0.0/8, 192.168.1.2"); "true" trusts
  // proxies on loopback and private networks.
  TRUST_PROXY: z.string().default("false"),
  // Seconds anonymous visitors' home, search and profile pages are kept in memory (0: off).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  EMAIL_CONFIRMATION: bool.default(true),
  // GET /metrics (Prometheus): with a bearer token on the main port, or on a port of its own.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // /readyz answers 503 when DATA_DIR's disk has less free space than this.
  READY_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(100),
  // The map's tiles (Leaflet URL template, checked by mapTileUrlProblem) and their credit line
  // (HTML, shown in the map's corner). The tile server's origin is allowed in the CSP's img-src.
  MAP_TILE_URL: z.string().min(1).default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default(DEFAULT_MAP_TILE_ATTRIBUTION),
});

export type Env = z.infer<typeof schema>;

/** Every setting the product reads (.env.example lists each one). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

/** Whether a proxy at `address`, `hop` steps from us, may be believed (proxy-addr's trust function). */
export type ProxyTrust = (address: string, hop: number) => boolean;

export interface Config extends Env {
  /** Where e-mail goes (MAIL_TRANSPORT, or smtp when SMTP_URL is set). */
  mailTransport: "smtp" | "outbox";
  /** The compiled TRUST_PROXY, or null when no proxy is trusted. */
  trustProxy: ProxyTrust | null;
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  isProduction: boolean;
  /** Embedded mode: PGlite in DATA_DIR/db instead of a PostgreSQL server. */
  embedded: boolean;
  seedSampleData: boolean;
}

/** Refused settings, one line each, naming the variable. */
export class ConfigError extends Error {
  constructor(problems: string | string[]) {
    super(
      (Array.isArray(problems) ? problems : [problems]).map((p) => `Invalid configuration: ${p}`).join("\n"),
    );
  }
}

/**
 * Loads `.env` from the working folder when there is one (variables already set win), so a
 * production host can keep its settings in a file with the right permissions.
 */
export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  const problems: string[] = [];
  if (isProduction) {
    // What production must not run without: each would otherwise fail silently (decision 0010).
    if (!env.SESSION_SECRET)
      problems.push("SESSION_SECRET: required in production (at least 32 random characters)");
    if (!env.PUBLIC_URL?.startsWith("https://")) {
      problems.push(
        "PUBLIC_URL: must be the site's https:// address in production (e-mail links, canonical URLs, sitemaps and the QR codes on waste notes use it)",
      );
    }
    if (!env.SMTP_URL && env.MAIL_TRANSPORT !== "outbox") {
      problems.push(
        "SMTP_URL: required in production to send e-mail (or set MAIL_TRANSPORT=outbox to keep messages as files on purpose)",
      );
    }
    // Without it anyone could sign up an address that is not theirs, and the account would count as
    // its owner's when that address is made an administrator or given a listing (decision 0262).
    if (!env.EMAIL_CONFIRMATION)
      problems.push("EMAIL_CONFIRMATION: must be on in production (false is for development and demos)");
  }
  const tileProblem = mapTileUrlProblem(env.MAP_TILE_URL, isProduction);
  if (tileProblem) problems.push(`MAP_TILE_URL: ${tileProblem}`);
  if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL)
    problems.push("SMTP_URL: required when MAIL_TRANSPORT=smtp");
  if (env.STORAGE_DRIVER === "s3") {
    for (const k of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[k]) problems.push(`${k}: required when STORAGE_DRIVER=s3`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  const embedded = !env.DATABASE_URL;
  return {
    ...env,
    mailTransport: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : "outbox"),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir,
    isProduction,
    embedded,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    sessionSecret: env.SESSION_SECRET ?? localSecret(dataDir),
    seedSampleData: env.SEED_SAMPLE_DATA ?? embedded,
  };
}

export function parseTrustProxy(value: string): ProxyTrust | null {
  const v = value.trim().toLowerCase();
  if (["", "false", "0", "no"].includes(v)) return null;
  if (["true", "yes"].includes(v)) return proxyaddr.compile(["loopback", "linklocal", "uniquelocal"]);
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  try {
    return proxyaddr.compile(
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY: ${(error as Error).message} (use false, a number of hops, or proxy addresses)`,
    );
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Leaflet's subdomain placeholder, allowed only as the host name's first label ({s}.tile.example.org). */
const SUBDOMAIN = /^(https?:\/\/)\{s\}\./i;

/**
 * What is wrong with a map tile URL template, or null when it will do: an https:// address (http://
 * only for a tile server on this machine, and never in production) with {z}, {x} and {y} (or TMS's
 * {-y}), a plain host name, and {s} only as the host's first label.
 */
export function mapTileUrlProblem(template: string, isProduction: boolean): string | null {
  const example = "e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png";
  let url: URL;
  try {
    url = new URL(template.replace(SUBDOMAIN, "$1a."));
  } catch {
    return `must be a URL template, ${example}`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `must be an https:// address, ${example}`;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname))
    return "the host name may hold letters, digits, dots and hyphens, with {s} only as its first part ({s}.tile.example.org)";
  if (url.protocol === "http:" && (isProduction || !LOCAL_HOSTS.has(url.hostname)))
    return isProduction
      ? "must be an https:// address in production"
      : "must be an https:// address (http:// only for a tile server on localhost)";
  const missing = ["{z}", "{x}", "{y}"].filter(
    (p) => !template.includes(p) && !(p === "{y}" && template.includes("{-y}")),
  );
  if (missing.length) return `must contain ${missing.join(", ")} (${example})`;
  return null;
}

/**
 * The Content-Security-Policy img-src source that lets the map load tiles from a (checked)
 * MAP_TILE_URL: the tile server's origin, or every subdomain of it when the template has {s}.
 */
export function mapTileImageSource(template: string): string {
  const subdomains = SUBDOMAIN.test(template);
  const origin = new URL(template.replace(SUBDOMAIN, "$1a.")).origin;
  return subdomains ? origin.replace("://a.", "://*.") : origin;
}

/** Outside production a random secret is generated once and kept in the data directory. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      const secret = crypto.randomBytes(32).toString("base64url");
      fs.writeFileSync(file, secret, { mode: 0o600 });
      return secret;
    } catch (error) {
      throw new ConfigError(unwritable(dataDir, error));
    }
  }
}

function unwritable(dataDir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return `DATA_DIR: ${dataDir} is not writable (${code}): give the server's user write access to it, or set DATA_DIR to a writable folder`;
}

/** The embedded database and local uploads live in DATA_DIR: it must be a folder we can write. */
export function checkDataDir(config: Pick<Config, "dataDir">): void {
  const probe = path.join(config.dataDir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    throw new ConfigError(unwritable(config.dataDir, error));
  }
}
