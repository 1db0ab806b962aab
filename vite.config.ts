import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is our Hono app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    target: "es2022",
  },
  // The map's Leaflet is imported only when a map is opened: prepared up front in dev, so the
  // first "Show map" does not make Vite reload the page.
  optimizeDeps: { include: ["leaflet"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The client's files compressed once, at their best, beside each file: the server sends the
    // .br or .gz as they are (serveStatic's `precompressed`) instead of compressing on every
    // request (decision 0222).
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|json|txt|xml|webmanifest)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        logLevel: "silent",
        algorithms: [
          defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm("gzip", { level: 9 }),
        ],
      }),
  ],
}));
