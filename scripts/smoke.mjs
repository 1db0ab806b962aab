// A smoke test of the built server on whatever Node runs this script (CI runs it on the machine's Node 20):
// start it on a fresh embedded database with a small sample register, then visit the main pages,
// search, open a profile, send the contact form and stop it cleanly. Plain JavaScript, no build tools.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smoke-"));
const child = spawn(process.execPath, ["server.mjs"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    SEED_SAMPLE_DATA: "true",
    SAMPLE_ROWS: "300",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
let output = "";
child.stdout.on("data", (d) => (output += d));

function fail(message) {
  console.error(`smoke test failed on Node ${process.version}: ${message}`);
  child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function get(pathname, expected = 200) {
  const res = await fetch(base + pathname, { redirect: "manual" });
  if (res.status !== expected) fail(`GET ${pathname} answered ${res.status}, not ${expected}`);
  return res;
}

const deadline = Date.now() + 180_000;
for (;;) {
  if (child.exitCode !== null) fail(`the server exited with ${child.exitCode}`);
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    /* not listening yet */
  }
  if (Date.now() > deadline) fail("the server did not become ready in 3 minutes");
  await new Promise((r) => setTimeout(r, 250));
}
// The sample register is imported at first start: wait until search finds something.
let provider = null;
for (let i = 0; i < 120 && !provider; i++) {
  const body = await (await get("/api/v1/providers?pageSize=1")).json();
  provider = body.providers?.[0]?.registration_number ?? null;
  if (!provider) await new Promise((r) => setTimeout(r, 500));
}
if (!provider) fail("the sample register was not imported");
await get("/");
await get("/search-results?query=skip");
const profile = await (await get(`/provider/${provider}`)).text();
if (!profile.includes(provider)) fail("the profile does not show its registration number");
await get("/wastenotegeneration");
await get("/no-such-page", 404);
const contact = await fetch(`${base}/contact`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({
    name: "Smoke Test",
    email: "smoke@example.test",
    subject: "Hello",
    message: "A smoke test message.",
  }),
});
if (contact.status !== 200) fail(`the contact form answered ${contact.status}`);
if (!output.includes("Demo administrator created")) fail("the demo administrator was not created");

child.kill("SIGTERM");
const code = await new Promise((resolve) => child.once("exit", resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`the server stopped with code ${code}`);
console.log(`smoke test passed on Node ${process.version}`);
