import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

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
  plugins: [tailwindcss(), reactRouter()],
}));
