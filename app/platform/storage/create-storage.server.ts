/** Picks the storage driver the configuration names (STORAGE_DRIVER). */
import path from "node:path";
import { LocalDiskStorage } from "./local-disk-storage.server";
import { S3Storage } from "./s3-storage.server";
import type { Storage } from "./storage.server";

export interface StorageConfig {
  dataDir: string;
  STORAGE_DRIVER: "local" | "s3";
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_PREFIX?: string;
}

/**
 * The configured storage: local disk under DATA_DIR/uploads, or an S3-compatible bucket. Made
 * once at start-up (server/app.ts) and carried by the app services.
 */
export function createStorage(config: StorageConfig): Storage {
  if (config.STORAGE_DRIVER === "s3") {
    if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    }
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? "us-east-1",
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalDiskStorage(path.join(config.dataDir, "uploads"));
}
