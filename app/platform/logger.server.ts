/**
 * pino: one JSON object per line (what log collectors read), or readable coloured lines
 * (pino-pretty) when a person watches a terminal outside production and pino-pretty is installed.
 */
import { createRequire } from "node:module";
import pino, { type Logger } from "pino";

export type { Logger };

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const pretty = !!options.pretty && prettyAvailable();
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "password", "*.password", "token"], remove: true },
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } }
      : {}),
  });
}
