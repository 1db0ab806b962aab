import { defineConfig, devices } from "@playwright/test";

// The e2e server runs the built product on its own, freshly prepared data directory.
// E2E_PORT and BUILD_DIR let several runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `./data-e2e-${port}`;
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `node --import tsx tests/e2e/support/prepare.ts ${dataDir} && node server.mjs`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SEED_SAMPLE_DATA: "false",
      // Every server render refuses conflicting classes (app/components/ui/cn.ts, decision 0223).
      CN_CHECK: "1",
      PUBLIC_URL: baseURL,
      // The admin specs' 'Update Data' imports this file, written by tests/fixtures/80-admin.ts.
      REGISTER_SOURCE: `${dataDir}/admin-register.csv`,
      // Admins' notification e-mails go out in 5-second batches, not 2-minute ones (decision 0803).
      ADMIN_NOTIFY_DELAY_SECONDS: "5",
    },
  },
});
