/**
 * patches/react-dom+*.patch (decision 0229): React DOM's Node server renderer gathers the page's
 * chunks as strings and encodes them once per 8 kB, where it encoded each of a page's thousands
 * of small chunks into a 2 kB buffer through a new view. `npm install` applies the patch
 * (postinstall: patch-package). These tests render the same trees with the patched Node renderer
 * and with React DOM's own web-streams renderer (the edge build, not patched, the same renderer
 * with the original chunk handling) in a production child process, as the server runs, and
 * compare the bytes; and they fail if the patch is missing, e.g. after an upgrade of react-dom
 * that it no longer fits. A second change (decision 0244): a finished render's destination closing
 * makes no Error for nothing; one closing early still aborts the render.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const reactDomDir = path.dirname(require.resolve("react-dom/package.json"));

/**
 * Renders four trees with both renderers, in production mode, and prints what each wrote:
 * a page larger than the 8 kB batch with multi-byte text, an attribute value needing escapes and
 * a large text node; a shell whose Suspense boundary resolves after the shell went out (streamed
 * in pieces, with React's instruction script); a tree rendered whole once ready; an empty tree.
 */
const CHILD = String.raw`
import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server.node";
import { renderToReadableStream } from "react-dom/server.edge";
import { Writable } from "node:stream";

const later = (value, ms) => new Promise((r) => setTimeout(() => r(value), ms));
function Slow({ promise }) { return h("p", { className: "late" }, use(promise)); }

const trees = {
  large: () =>
    h("html", { lang: "en" },
      h("head", null, h("title", null, "Café & co — “quotes” <here>")),
      h("body", null,
        h("main", { "data-x": 'a"b<c>&d' },
          Array.from({ length: 400 }, (_, i) =>
            h("article", { key: i, className: "card p-4 " + i, "aria-label": "Carrier " + i },
              h("h3", null, "Skip hire № " + i + " ✓ 😀"),
              h("input", { type: "checkbox", defaultChecked: i % 2 === 0, name: "s" + i }),
              h("p", { style: { marginTop: i + "px", color: "red" } }, "Zürich", " ", i, " ", "ß".repeat(i % 7)))),
          h("pre", null, "x".repeat(20000) + "é".repeat(5000))))),
  streamed: () => {
    const promise = later("arrived ✓", 30);
    return h("div", null, h("h1", null, "Shell ünïcode"),
      h(Suspense, { fallback: h("span", null, "Loading…") }, h(Slow, { promise })),
      h("footer", null, "end"));
  },
  whole: () => h("ul", null, ["a", "b", "c"].map((x) => h("li", { key: x }, x + " – ok"))),
  empty: () => null,
};

async function node(tree, { waitForAll }) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    const sink = new Writable({ write(chunk, _e, done) { chunks.push(Buffer.from(chunk)); done(); } });
    sink.on("finish", () => resolve({ bytes: Buffer.concat(chunks).toString("base64"), writes: chunks.length }));
    const { pipe } = renderToPipeableStream(tree(), {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() { if (!waitForAll) pipe(sink); },
      onAllReady() { if (waitForAll) pipe(sink); },
      onShellError: reject,
    });
  });
}

async function edge(tree, { waitForAll }) {
  const stream = await renderToReadableStream(tree(), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  if (waitForAll) await stream.allReady;
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks).toString("base64"), writes: chunks.length };
}

const out = {};
for (const [name, tree] of Object.entries(trees))
  for (const waitForAll of [true, false])
    out[name + (waitForAll ? " whole" : " streamed")] = {
      node: await node(tree, { waitForAll }),
      edge: await edge(tree, { waitForAll }),
    };
console.log(JSON.stringify(out));
`;

/**
 * A render piped into a sink that is destroyed while a Suspense boundary still waits, and one
 * whose sink closes after the whole page: the errors React reports (onError) and the Errors made
 * with its "destination" messages (Error is wrapped to record them).
 */
const CLOSE_CHILD = String.raw`
import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server.node";
import { Writable } from "node:stream";

const made = [];
const Original = globalThis.Error;
globalThis.Error = new Proxy(Original, {
  apply(target, self, args) {
    if (String(args[0]).startsWith("The destination stream")) made.push(String(args[0]));
    return Reflect.apply(target, self, args);
  },
});

function Slow({ promise }) { return h("p", null, use(promise)); }
const tree = (promise) =>
  h("div", null, h("h1", null, "Shell"), h(Suspense, { fallback: h("span", null, "Loading") }, h(Slow, { promise })));

function run(promise, destroyAfterShell) {
  return new Promise((resolve) => {
    made.length = 0;
    const errors = [];
    const sink = new Writable({ write(_chunk, _e, done) { done(); } });
    sink.on("close", () => setTimeout(() => resolve({ errors, made: [...made] }), 20));
    const { pipe } = renderToPipeableStream(tree(promise), {
      onError(error) { errors.push(error instanceof Original ? error.message : String(error)); },
      onShellReady() {
        pipe(sink);
        if (destroyAfterShell) setTimeout(() => sink.destroy(), 10);
      },
    });
  });
}

const early = await run(new Promise(() => {}), true);
const finished = await run(Promise.resolve("arrived"), false);
console.log(JSON.stringify({ early, finished }));
`;

function renderInChild(): Record<string, Record<"node" | "edge", { bytes: string; writes: number }>> {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", CHILD], {
    cwd: path.resolve(reactDomDir, "../.."),
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  return JSON.parse(out);
}

describe("the React DOM server patch", () => {
  it("writes the same bytes as React DOM's unpatched renderer, in fewer pieces", () => {
    const results = renderInChild();
    expect(Object.keys(results)).toHaveLength(8);
    for (const [name, { node, edge }] of Object.entries(results)) {
      const html = Buffer.from(node.bytes, "base64").toString("utf8");
      expect({ name, html }).toEqual({ name, html: Buffer.from(edge.bytes, "base64").toString("utf8") });
      expect(node.bytes).toBe(edge.bytes);
    }
    const large = results["large whole"];
    const html = Buffer.from(large.node.bytes, "base64").toString("utf8");
    expect(html).toContain("Skip hire № 399 ✓ 😀");
    expect(html).toContain('data-x="a&quot;b&lt;c&gt;&amp;d"');
    // About 60 kB: the unpatched renderer wrote it in 2 kB pieces, the patched one in 8 kB ones.
    expect(large.node.writes).toBeLessThan(large.edge.writes / 2);
    const streamed = Buffer.from(results["streamed streamed"].node.bytes, "base64").toString("utf8");
    expect(streamed).toContain("Loading…");
    expect(streamed).toContain("arrived ✓");
  });

  it("aborts a render whose destination closes early, and makes no Error when a finished one's closes", () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", CLOSE_CHILD], {
      cwd: path.resolve(reactDomDir, "../.."),
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    });
    const { early, finished } = JSON.parse(out) as Record<
      "early" | "finished",
      { errors: string[]; made: string[] }
    >;
    // Closed with a boundary still waiting: React aborts it, as before the patch.
    expect(early.errors).toEqual(["The destination stream closed early."]);
    expect(early.made).toEqual(["The destination stream closed early."]);
    // Closed after the whole page went out (every page, when its answer ends): nothing to abort.
    expect(finished.errors).toEqual([]);
    expect(finished.made).toEqual([]);
  });

  it("is applied to the renderer the server loads", () => {
    const code = fs.readFileSync(path.join(reactDomDir, "cjs/react-dom-server.node.production.js"), "utf8");
    expect(code).toContain("function flushPendingText(destination)");
    expect(code).not.toContain("currentView = new Uint8Array(2048)");
  });
});
