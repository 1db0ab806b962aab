// `npm run dev`: the server `npm start` runs, with Vite's dev server in front (decision 0014).
// A change to a route or component reaches the browser by hot module replacement; server code
// that routes use runs anew on the next request; a change to what the server holds from start-up
// (server/, the services, the configuration) restarts it. This process keeps a child running
// server/dev.ts and starts a new one when asked. The production path (`npm run build`,
// server.mjs, `npm start`) does not use this file.
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { clearTimeout } from "node:timers";
import { ensureInstall } from "./ensure-install.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

if (process.env.DEV_SERVER_CHILD) await serve();
else supervise();

/**
 * Keeps one child serving. On a restart request the new child gets ready (Vite, every module
 * loaded: the slow part) while the old one still serves; then the old one stops and the new one
 * opens the database and the port (the embedded database allows one process).
 */
function supervise() {
  ensureInstall();
  let current = null; // the child serving requests
  let next = null; // a child getting ready to take over
  let stopping = false;
  let debounce;
  const alive = (child) => child !== null && child.exitCode === null && child.signalCode === null;

  const spawn = () => {
    const child = fork(import.meta.filename, process.argv.slice(2), {
      env: { ...process.env, DEV_SERVER_CHILD: "1" },
    });
    child.on("message", (message) => {
      if (message?.ready && child === next) handOver();
      else if (message?.restart && child === current) restartSoon(message.restart);
    });
    child.on("exit", (code, signal) => onExit(child, code, signal));
    return child;
  };
  const handOver = () => {
    next.ready = true;
    if (alive(current))
      current.kill("SIGTERM"); // its exit promotes the new child
    else promote();
  };
  const promote = () => {
    current = next;
    next = null;
    current.send({ go: true });
  };
  const restartSoon = (reason) => {
    console.log(`> ${reason}: starting a new dev server`);
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      // A change while one is getting ready: it may have loaded the file before, start over.
      if (alive(next)) next.kill("SIGKILL");
      next = spawn();
    }, 200);
  };
  const onExit = (child, code, signal) => {
    if (stopping) {
      if (!alive(current) && !alive(next)) process.exit(code ?? 0);
      return;
    }
    if (child === next) {
      next = null;
      console.log(
        current
          ? "> the new dev server did not start (see above); the running one keeps the code from before the change"
          : "> the dev server did not start (see above); it starts again on a change",
      );
      if (!current) waitForChange(() => (next = spawn()));
    } else if (child === current) {
      current = null;
      if (next?.ready) promote();
      else if (!next) {
        console.log(
          `> the dev server stopped (${signal ?? `exit code ${code}`}); it starts again on a change`,
        );
        waitForChange(() => (next = spawn()));
      }
    }
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopping = true;
      clearTimeout(debounce);
      if (alive(next)) next.kill("SIGTERM");
      if (alive(current)) current.kill(signal);
      if (!alive(current) && !alive(next)) process.exit(0);
    });
  }
  next = spawn();
}

/** After a crash (say, a syntax error in server/app.ts): the next saved file starts a new server. */
function waitForChange(then) {
  const watchers = [];
  let fired = false;
  const onChange = () => {
    if (fired) return;
    fired = true;
    for (const w of watchers) w.close();
    setTimeout(then, 100);
  };
  for (const [dir, recursive] of [
    ["app", true],
    ["server", true],
    [".", false],
  ]) {
    watchers.push(fs.watch(dir, { recursive }, onChange));
  }
}

async function serve() {
  // Two defaults differ from `npm start`, unless set here or in .env: Vite serves the source
  // files, so only this machine is answered (HOST); and the page micro-cache (decision 0207)
  // would serve a page from before a change for a few seconds, so it is off.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  process.env.HOST ??= "127.0.0.1";
  process.env.PAGE_CACHE_SECONDS ??= "0";

  const { createServer } = await import("vite");
  const httpServer = http.createServer();
  const vite = await createServer({
    root,
    appType: "custom",
    server: {
      middlewareMode: true,
      // Hot updates on the server's own port: one port, and CSP's connect-src 'self' covers it.
      hmr: { server: httpServer },
      // The embedded database, uploads, outbox and builds change all the time and are no source.
      watch: { ignored: [(file) => /^(data|build|tmp|playwright-report)(-[^/]*)?(\/|$)/.test(rel(file))] },
    },
  });
  const { startDev } = await vite.ssrLoadModule("/server/dev.ts");
  // Ready; the previous server (if any) stops before this one opens the database and the port.
  if (process.send) {
    process.send({ ready: true });
    await new Promise((resolve) => process.on("message", (message) => message?.go && resolve()));
  }
  await startDev(vite, httpServer, (reason) => process.send?.({ restart: reason }));
}

function rel(file) {
  return path.relative(root, path.resolve(root, file)).split(path.sep).join("/");
}
