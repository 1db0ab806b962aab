/** Streams a generated sample register to a file, with back-pressure (flat memory). */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { sampleRegisterLines, type SampleRegisterOptions } from "./sample-register";

export async function writeSampleRegister(
  file: string,
  options: SampleRegisterOptions,
): Promise<{ rows: number; bytes: number }> {
  await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  const out = fs.createWriteStream(tmp, { highWaterMark: 1 << 20 });
  let buffer: string[] = [];
  let bytes = 0;
  try {
    for (const line of sampleRegisterLines(options)) {
      buffer.push(line);
      if (buffer.length >= 2_000) {
        const chunk = buffer.join("\n") + "\n";
        buffer = [];
        bytes += Buffer.byteLength(chunk);
        if (!out.write(chunk)) await once(out, "drain");
      }
    }
    if (buffer.length) {
      const chunk = buffer.join("\n") + "\n";
      bytes += Buffer.byteLength(chunk);
      out.write(chunk);
    }
    out.end();
    await once(out, "finish");
  } catch (error) {
    out.destroy();
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  await fs.promises.rename(tmp, file);
  return { rows: options.rows, bytes };
}
