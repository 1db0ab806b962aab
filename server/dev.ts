/**
 * `npm run dev` (decision 0014): the server `npm start` runs — `start()` with its services,
 * migrations, job runner, first-run seed and every middleware of `createHttpApp` — with Vite's
 * dev server in front instead of a build. scripts/dev.mjs creates Vite and loads this file
 * through it, so this file, server/app.ts and the routes share one module graph, as the server
 * and the routes share one bundle in production (decision 0001).
 *
 * - Vite's middlewares answer first: the browser's modules, hot updates (a WebSocket on the same
 *   port) and public/. Everything else goes to the Hono app, as in production.
 * - Each request asks Vite for the React Router build as it is now: a changed route, component or
 *   module used only by routes runs anew on the next request, and the browser gets it by HMR.
 * - A change to a module the server holds from start-up (this folder, the app context, the
 *   services, the job handlers) or to the configuration calls `restart`: scripts/dev.mjs gets a
 *   new process ready, then swaps it in; the browser reloads when it is back.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { start, type DevServerHooks } from "./app";

const SERVER_BUILD = "virtual:react-router/server-build";

/** Files outside the module graph whose change means a new process. */
const CONFIG_FILES =
  /^(vite\.config\.ts|react-router\.config\.ts|package(-lock)?\.json|tsconfig\.json|\.env)$/;

export async function startDev(
  vite: ViteDevServer,
  httpServer: Server,
  restart: (reason: string) => void,
): Promise<void> {
  const hooks: DevServerHooks = {
    loadBuild: async () => {
      try {
        return (await vite.ssrLoadModule(SERVER_BUILD)) as ServerBuild;
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
    },
    // start() serves with @hono/node-server; its request listener runs after Vite's middlewares.
    createServer: ((_options: unknown, listener: RequestListener) => {
      httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
        vite.middlewares(req, res, (error?: unknown) => {
          if (!error) return listener(req, res);
          vite.config.logger.error(String(error instanceof Error ? error.stack : error));
          res.statusCode = 500;
          res.end("Vite dev server error");
        });
      });
      return httpServer;
    }) as unknown as DevServerHooks["createServer"],
  };
  await start("all", hooks);

  const self = fileURLToPath(import.meta.url);
  const onFileEvent = (file: string) => {
    const relative = path.relative(vite.config.root, file);
    if (CONFIG_FILES.test(relative)) restart(`${relative} changed`);
    else if (startupFiles(vite, self).has(file)) restart(`${relative} changed (held since start-up)`);
  };
  vite.watcher.on("change", onFileEvent);
  vite.watcher.on("unlink", onFileEvent);
}

/**
 * The files the process loaded at start-up other than through the React Router build: reached
 * from this file without passing through the build's virtual module. Those modules' instances
 * live in the running services, so a change to one needs a new process.
 */
function startupFiles(vite: ViteDevServer, entry: string): Set<string> {
  const graph = vite.environments.ssr.moduleGraph;
  const files = new Set<string>();
  const seen = new Set<unknown>();
  const stack = [...(graph.getModulesByFile(entry) ?? [])];
  for (let mod = stack.pop(); mod; mod = stack.pop()) {
    if (seen.has(mod) || mod.id?.includes(SERVER_BUILD)) continue;
    seen.add(mod);
    if (mod.file) files.add(mod.file);
    stack.push(...mod.importedModules);
  }
  return files;
}
