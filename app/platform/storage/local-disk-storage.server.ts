import fs from "node:fs/promises";
import path from "node:path";
import { checkKey, contentTypeFor, type Storage, type StoredFile } from "./storage.server";

/** Local-disk driver: files under `root`, written atomically (temp file + rename). */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split("/"));
  }

  async put(key: string, body: Buffer | Uint8Array): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, body, { mode: 0o640 });
    await fs.rename(temp, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const body = await fs.readFile(this.file(key));
      return { body, contentType: contentTypeFor(key), size: body.length };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}
