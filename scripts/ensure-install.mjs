// Installs dependencies when node_modules is missing or older than package-lock.json.
// Used by `npm start` and before `npm test`, so both work on a fresh clone.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const mtime = (p) => {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
};

export function ensureInstall() {
  if (mtime("node_modules/.package-lock.json") >= mtime("package-lock.json")) return;
  console.log("> npm ci");
  try {
    execSync("npm ci --no-audit --no-fund", { stdio: "inherit", cwd: root });
  } catch {
    // npm 11 may refuse a lock file lacking other platforms' optional packages; npm install
    // installs the same locked versions.
    console.log("> npm install");
    execSync("npm install --no-audit --no-fund", { stdio: "inherit", cwd: root });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
