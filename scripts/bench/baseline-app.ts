/**
 * The pages section's baseline (issue 18): a minimal React Router app in framework mode, with
 * the product's future flags, served through the same Hono + @hono/node-server stack, whose one
 * page renders a list of 10 cards from its loader. Written into the project's git-ignored tmp/
 * folder (so that it resolves the project's node_modules: the same react-router, React, Vite and
 * Hono as the product) and built there. Not a section: pages.ts builds, measures and removes it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import productConfig from "../../react-router.config";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "bench-baseline",
    private: true,
    type: "module",
    // React Router picks its default server entry from here.
    dependencies: { "@react-router/node": "*", react: "*", "react-dom": "*", "react-router": "*" },
  }),
  // The product's own future flags, so both apps run the same React Router.
  "react-router.config.js": `export default ${JSON.stringify({ ssr: true, future: productConfig.future }, null, 2)};\n`,
  "vite.config.js": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig(({ isSsrBuild }) => ({
  build: { rollupOptions: isSsrBuild ? { input: "./server/app.js" } : undefined, target: "es2022" },
  plugins: [reactRouter()],
}));
`,
  "server/app.js": `import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
const handle = createRequestHandler(build, "production");
const app = new Hono();
app.all("*", (c) => handle(c.req.raw, new RouterContextProvider()));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`,
  "app/root.jsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes.js": `import { index } from "@react-router/dev/routes";
export default [index("routes/list.jsx")];
`,
  "app/routes/list.jsx": `import { Link } from "react-router";
export function meta() {
  return [{ title: "Carriers" }, { name: "description", content: "Ten cards" }];
}
export async function loader() {
  return {
    cards: Array.from({ length: 10 }, (_, i) => ({
      id: "CBDU" + (1000 + i),
      name: "Carrier number " + (i + 1) + " Ltd",
      address: i + 1 + " High Street, Leeds, LS1 " + i + "AA",
      tier: i % 2 ? "Upper tier" : "Lower tier",
      expires: "2028-0" + ((i % 9) + 1) + "-15",
    })),
  };
}
export default function List({ loaderData }) {
  return (
    <main>
      <h1>Waste carriers in Leeds</h1>
      <ul>
        {loaderData.cards.map((c) => (
          <li key={c.id}>
            <article>
              <h3><Link to={"/provider/" + c.id}>{c.name}</Link></h3>
              <p>{c.id}</p>
              <p>{c.address}</p>
              <p><span>{c.tier}</span> <span>Valid until {c.expires}</span></p>
              <Link to={"/provider/" + c.id}>View Profile</Link>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
`,
};

/** Writes the app into `dir` and builds it; returns the server entry to run with node. */
export async function buildBaselineApp(projectRoot: string, dir: string): Promise<string> {
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(projectRoot, "node_modules/.bin/react-router"), ["build"], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-1000)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`baseline build failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
  return path.join(dir, "build", "server", "index.js");
}
