import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import zlib from "node:zlib";
import type { ManualChunkMeta } from "rollup";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const appDir = path.resolve(import.meta.dirname, "app");
/** The pages a visitor lands on (issue 18's client weight targets). */
const LANDING_PAGES = ["home", "search-results", "provider"].map((p) =>
  path.join(appDir, "routes/public", `${p}.tsx`),
);

/**
 * The app's modules that every landing page imports go into one `public` chunk (decision 0223):
 * as twenty small files they cost 4-5 kB more gzip, each compressed on its own, than together.
 * Modules one page alone needs stay with that page; route modules stay React Router's.
 */
function landingChunk(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let shared: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shared) {
      const ids = [...getModuleIds()];
      const closures = LANDING_PAGES.map((page) => {
        const seen = new Set<string>();
        const todo = ids.filter((m) => m.split("?")[0] === page);
        for (let m = todo.pop(); m !== undefined; m = todo.pop()) {
          if (seen.has(m)) continue;
          seen.add(m);
          todo.push(...(getModuleInfo(m)?.importedIds ?? []));
        }
        return seen;
      });
      shared = new Set([...closures[0]].filter((m) => closures.every((c) => c.has(m))));
    }
    const file = id.split("?")[0];
    const own =
      file.startsWith(appDir) &&
      !file.startsWith(path.join(appDir, "routes")) &&
      file !== path.join(appDir, "root.tsx");
    return own && shared.has(id) ? "public" : undefined;
  };
}

/**
 * @conform-to/zod/v4 coerces form values with four constructors of classic `zod/v4` (pipe,
 * transform, optional, lazy), and they bring all of classic zod (24.7 kB gzip) into every form
 * page. The browser's build takes them from `zod/v4/mini`, which makes the same core schemas, so
 * a page whose schemas are zod/mini loads none of classic zod (decision 0224).
 */
function conformOnZodMini(): Plugin {
  return {
    name: "conform-on-zod-mini",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "zod/v4" || !importer?.includes("/node_modules/@conform-to/zod/")) return null;
      return this.resolve("zod/v4/mini", importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * The server build has two entries: our Hono app as index.js (which server.mjs imports), and the
 * register sync's staging worker as stage-worker.js, which a worker thread loads (decision 0231).
 * React Router names every server entry index.js; this plugin's config comes after its own.
 */
function serverEntries(): Plugin {
  return {
    name: "server-entries",
    enforce: "post",
    config: (_config, { isSsrBuild }) =>
      isSsrBuild
        ? {
            build: {
              rollupOptions: {
                input: {
                  index: "./server/app.ts",
                  "stage-worker": "./app/modules/register-sync/stage-worker.ts",
                },
                output: { entryFileNames: ({ name }) => `${name}.js` },
              },
            },
          }
        : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server build's entry is our Hono app, which imports the React Router build (and the
    // staging worker's entry, serverEntries()).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks: landingChunk() } },
    target: "es2022",
  },
  // The server build bundles the icons and Radix's parts the app uses (decision 0246): left to
  // Node, their packages' entries load every icon (about 1,600) and every Radix primitive into
  // the server's memory at start.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  // The map's Leaflet is imported only when a map is opened: prepared up front in dev, so the
  // first "Show map" does not make Vite reload the page.
  optimizeDeps: { include: ["leaflet"] },
  plugins: [
    !isSsrBuild && conformOnZodMini(),
    serverEntries(),
    tailwindcss(),
    reactRouter(),
    // The client's files compressed once, at their best, beside each file: the server sends the
    // .br or .gz as they are (serveStatic's `precompressed`) instead of compressing on every
    // request (decision 0222).
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|json|txt|xml|webmanifest)$/,
        // Vite's own manifest is deleted after the build: no compressed copy of it is published.
        exclude: /(^|[\\/])\.vite[\\/]/,
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
