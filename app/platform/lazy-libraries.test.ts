/**
 * Decision 0246: the libraries a page or a search never needs (sharp, pdfkit, qrcode, tar, yauzl,
 * and PGlite on a server that runs on PostgreSQL) are loaded on first use, not with the modules
 * that use them. A fresh Node process imports those modules with a loader hook that records every
 * package it resolves, then uses one of them: the libraries must be absent after the imports, and
 * the one used present after the use (so that the hook is seen to work).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const LAZY = ["sharp", "pdfkit", "qrcode", "tar", "yauzl", "@electric-sql/pglite"];
const QR_MODULE = "app/modules/accounts/qr-code.server.ts";
const MODULES = [
  "app/platform/images/normalise-image.server.ts",
  "app/platform/images/social-card.server.ts",
  "app/modules/waste-notes/render-pdf.server.ts",
  "app/modules/waste-notes/pdf-renderer.server.ts",
  "app/modules/waste-notes/qr.server.ts",
  QR_MODULE,
  "app/platform/backup.server.ts",
  "app/modules/register-sync/open-register-source.server.ts",
  "app/platform/db/database.server.ts",
];

/** The packages (of LAZY) the child resolved, before and after it drew one QR code. */
async function resolvedPackages(): Promise<{ imported: string[]; used: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lazy-libraries-"));
  try {
    const log = path.join(dir, "resolved.log");
    const hooks = path.join(dir, "hooks.mjs");
    fs.writeFileSync(
      hooks,
      `import fs from "node:fs";
export async function resolve(specifier, context, next) {
  fs.appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}`,
    );
    const register = path.join(dir, "register.mjs");
    fs.writeFileSync(
      register,
      `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});`,
    );
    const script = `
      import fs from "node:fs";
      for (const m of ${JSON.stringify(MODULES.map((m) => pathToFileURL(path.join(root, m)).href))}) await import(m);
      fs.appendFileSync(${JSON.stringify(log)}, "--imported--\\n");
      const { qrCodeDataUrl } = await import(${JSON.stringify(pathToFileURL(path.join(root, QR_MODULE)).href)});
      await qrCodeDataUrl("https://example.org/");
    `;
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--import", pathToFileURL(register).href, "--input-type=module", "-e", script],
      { cwd: root, timeout: 60_000 },
    );
    const lines = fs.readFileSync(log, "utf8").split("\n");
    const mark = lines.indexOf("--imported--");
    expect(mark).toBeGreaterThan(0);
    const packages = (part: string[]) =>
      LAZY.filter((p) => part.some((s) => s === p || s.startsWith(`${p}/`)));
    return { imported: packages(lines.slice(0, mark)), used: packages(lines.slice(mark)) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("libraries loaded on first use", () => {
  it("imports none of sharp, pdfkit, qrcode, tar, yauzl or PGlite with the modules that use them; a QR code loads qrcode", async () => {
    const { imported, used } = await resolvedPackages();
    expect(imported).toEqual([]);
    expect(used).toEqual(["qrcode"]);
  });
});
