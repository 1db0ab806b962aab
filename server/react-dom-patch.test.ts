/**
 * patches/react-dom+*.patch (decision 0229): React DOM's Node server renderer gathers the page's
 * chunks as strings and encodes them once per 8 kB, where it encoded each of a page's thousands
 * of small chunks into a 2 kB buffer through a new view. `npm install` applies the patch
 * (postinstall: patch-package). These tests render the same trees with the patched Node renderer
 * and with React DOM's own web-streams renderer (the edge build, not patched, the same renderer
 * with the original chunk handling) in a production child process, as the server runs, and
 * compare the bytes; and they fail if the patch is missing, e.g. after an upgrade of react-dom
 * that it no longer fits.
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

  it("is applied to the renderer the server loads", () => {
    const code = fs.readFileSync(path.join(reactDomDir, "cjs/react-dom-server.node.production.js"), "utf8");
    expect(code).toContain("function flushPendingText(destination)");
    expect(code).not.toContain("currentView = new Uint8Array(2048)");
  });
});
