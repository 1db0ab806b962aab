import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env.server";
import { S3Storage } from "./s3-storage.server";
import { createStorage } from "./create-storage.server";
import { LocalDiskStorage } from "./local-disk-storage.server";

const base = { DATA_DIR: os.tmpdir(), SESSION_SECRET: "x".repeat(40) };

describe("storage configuration", () => {
  it("uses local disk by default", () => {
    expect(createStorage(loadConfig(base))).toBeInstanceOf(LocalDiskStorage);
  });

  it("STORAGE_DRIVER=s3 needs a bucket and credentials, then gives the S3 driver", () => {
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: "s3" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: "s3", S3_BUCKET: "b" })).toThrow(
      /S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3/,
    );
    const config = loadConfig({
      ...base,
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_PREFIX: "uploads/prod",
    });
    expect(config).toMatchObject({ S3_REGION: "us-east-1", S3_PREFIX: "uploads/prod" });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ ...base, S3_PREFIX: "bad prefix!" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: "ftp" })).toThrow(ConfigError);
  });
});
