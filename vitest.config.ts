import path from "node:path";
import { defineConfig } from "vitest/config";

// Database tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#tests": path.resolve(import.meta.dirname, "tests"),
    },
  },
  test: {
    globalSetup: ["./tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for work done in the background (a job's register sync, which starts its
    // reader thread; an e-mail): on a loaded two-core machine that takes seconds, not vitest's 1 s.
    expect: { poll: { timeout: 10_000 } },
    projects: databases.map((db) => ({
      extends: true,
      test: {
        name: db,
        include: [
          "app/**/*.test.{ts,tsx}",
          "server/**/*.test.ts",
          "scripts/**/*.test.ts",
          "tests/integration/**/*.test.ts",
        ],
        env: { TEST_DB: db },
      },
    })),
  },
});
