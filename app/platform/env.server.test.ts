import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDataDir, ConfigError, loadConfig } from "./env.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));
const production = {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SESSION_SECRET: "s".repeat(40),
  PUBLIC_URL: "https://carriers.example",
  SMTP_URL: "smtps://user:pass@smtp.example:465",
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("production guard rails", () => {
  it("starts with an https PUBLIC_URL, a session secret and SMTP", () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      isProduction: true,
      publicUrl: "https://carriers.example",
      mailTransport: "smtp",
    });
  });

  it("refuses a missing or plain-http PUBLIC_URL with one line naming the variable", () => {
    for (const PUBLIC_URL of [undefined, "http://carriers.example", "http://localhost:3000"]) {
      const message = refusal({ ...production, PUBLIC_URL });
      expect(message.split("\n")).toHaveLength(1);
      expect(message).toMatch(
        /^Invalid configuration: PUBLIC_URL: must be the site's https:\/\/ address in production/,
      );
    }
  });

  it("refuses to send production e-mail to files unless asked to on purpose", () => {
    expect(refusal({ ...production, SMTP_URL: undefined })).toMatch(
      /^Invalid configuration: SMTP_URL: required in production .*MAIL_TRANSPORT=outbox/,
    );
    expect(loadConfig({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: "outbox" }).mailTransport).toBe(
      "outbox",
    );
    expect(
      refusal({ ...production, NODE_ENV: "development", SMTP_URL: undefined, MAIL_TRANSPORT: "smtp" }),
    ).toMatch(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
  });

  it("names every missing setting, one line each", () => {
    const message = refusal({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(message.split("\n").map((l) => l.split(":")[1].trim())).toEqual([
      "SESSION_SECRET",
      "PUBLIC_URL",
      "SMTP_URL",
    ]);
  });

  it("keeps the embedded defaults outside production", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      isProduction: false,
      embedded: true,
      mailTransport: "outbox",
      publicUrl: "http://localhost:3000",
    });
  });

  it("refuses an unwritable DATA_DIR with one line", () => {
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "");
    expect(() => checkDataDir({ dataDir: path.join(file, "data") })).toThrow(
      /^Invalid configuration: DATA_DIR: .* is not writable \(ENOTDIR\)/,
    );
  });
});

describe(".env.example", () => {
  it("lists every setting the product reads", async () => {
    const { CONFIG_VARIABLES } = await import("./env.server");
    const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const listed = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !listed.has(v))).toEqual([]);
    expect([...listed].filter((v) => !(CONFIG_VARIABLES as string[]).includes(v))).toEqual([]);
  });

  it("loads .env when present without overriding what is already set", async () => {
    const { loadDotEnv } = await import("./env.server");
    const file = path.join(dataDir, ".env");
    fs.writeFileSync(file, "ENV_TEST_A=from-file\nENV_TEST_B=from-file\n");
    process.env.ENV_TEST_A = "from-environment";
    loadDotEnv(file);
    expect(process.env.ENV_TEST_A).toBe("from-environment");
    expect(process.env.ENV_TEST_B).toBe("from-file");
    delete process.env.ENV_TEST_A;
    delete process.env.ENV_TEST_B;
    expect(() => loadDotEnv(path.join(dataDir, "missing.env"))).not.toThrow();
  });
});
