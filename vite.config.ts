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
  plugins: [tailwindcss(), reactRouter()],
}));
