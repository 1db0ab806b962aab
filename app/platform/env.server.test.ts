import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkDataDir,
  ConfigError,
  DEFAULT_MAP_TILE_URL,
  loadConfig,
  mapTileImageSource,
  mapTileUrlProblem,
} from "./env.server";

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

describe("map tiles", () => {
  it("defaults to OpenStreetMap's tiles with their credit line, a link to the licence", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(config.MAP_TILE_ATTRIBUTION).toBe(
      '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
    expect(loadConfig(production).MAP_TILE_URL).toBe(DEFAULT_MAP_TILE_URL);
  });

  it("takes another https tile server, with {s} subdomains, TMS's {-y} or a key in the query", () => {
    for (const MAP_TILE_URL of [
      "https://{s}.tile.example.org/{z}/{x}/{y}.png",
      "https://tiles.example.org:8443/osm/{z}/{x}/{-y}{r}.png?key=abc",
    ]) {
      expect(loadConfig({ ...production, MAP_TILE_URL, MAP_TILE_ATTRIBUTION: "Example" })).toMatchObject({
        MAP_TILE_URL,
        MAP_TILE_ATTRIBUTION: "Example",
      });
    }
  });

  it("takes http only for a tile server on this machine, and never in production", () => {
    const local = "http://localhost:8080/{z}/{x}/{y}.png";
    expect(loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: local }).MAP_TILE_URL).toBe(local);
    expect(loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: "http://127.0.0.1/{z}/{x}/{y}" })).toBeTruthy();
    expect(refusal({ DATA_DIR: dataDir, MAP_TILE_URL: "http://tile.example.org/{z}/{x}/{y}.png" })).toBe(
      "Invalid configuration: MAP_TILE_URL: must be an https:// address (http:// only for a tile server on localhost)",
    );
    expect(refusal({ ...production, MAP_TILE_URL: local })).toBe(
      "Invalid configuration: MAP_TILE_URL: must be an https:// address in production",
    );
  });

  it("refuses a template without {z}, {x} and {y}, or that is no https URL, with one line", () => {
    const cases: [string, RegExp][] = [
      ["https://tile.example.org/{z}/{x}.png", /must contain \{y\} \(e\.g\. https:/],
      ["https://tile.example.org/tiles.png", /must contain \{z\}, \{x\}, \{y\}/],
      ["tile.example.org/{z}/{x}/{y}.png", /must be a URL template/],
      ["ftp://tile.example.org/{z}/{x}/{y}.png", /must be an https:\/\/ address/],
      ["https://tile-{s}.example.org/{z}/{x}/{y}.png", /\{s\} only as its first part/],
      ["https://a;b.example.org/{z}/{x}/{y}.png", /host name may hold/],
    ];
    for (const [MAP_TILE_URL, problem] of cases) {
      const message = refusal({ DATA_DIR: dataDir, MAP_TILE_URL });
      expect(message.split("\n")).toHaveLength(1);
      expect(message).toMatch(/^Invalid configuration: MAP_TILE_URL: /);
      expect(message).toMatch(problem);
    }
    expect(refusal({ DATA_DIR: dataDir, MAP_TILE_ATTRIBUTION: "  " })).toMatch(
      /^Invalid configuration: MAP_TILE_ATTRIBUTION: /,
    );
  });

  it("gives the tile server's origin to the CSP's img-src: every subdomain for {s}", () => {
    expect(mapTileImageSource(DEFAULT_MAP_TILE_URL)).toBe("https://tile.openstreetmap.org");
    expect(mapTileImageSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe(
      "https://*.tile.example.org",
    );
    expect(mapTileImageSource("HTTPS://Tiles.Example.org:443/a/{z}/{x}/{y}.png?k=1")).toBe(
      "https://tiles.example.org",
    );
    expect(mapTileImageSource("https://{s}.example.org:8443/{z}/{x}/{y}")).toBe("https://*.example.org:8443");
    expect(mapTileImageSource("http://localhost:8080/{z}/{x}/{y}.png")).toBe("http://localhost:8080");
    expect(mapTileUrlProblem("http://[::1]:8080/{z}/{x}/{y}.png", false)).toBeNull();
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
