// `npm start`: installs dependencies if needed, builds if the build is missing or older than
// the sources, then starts the server (embedded database and sample data by default).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureInstall } from "./ensure-install.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const buildDir = process.env.BUILD_DIR ?? "build";

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}
function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

ensureInstall();
const built = mtime(path.join(buildDir, "server", "index.js"));
const sources = Math.max(
  newest("app"),
  newest("server"),
  newest("public"),
  mtime("vite.config.ts"),
  mtime("package-lock.json"),
);
if (built < sources) {
  console.log("> npm run build");
  execSync("npm run build", { stdio: "inherit" });
}
await import("../server.mjs");
