import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "password", "*.password", "token"], remove: true },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
