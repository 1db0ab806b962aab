// The search bench's client (scripts/bench/search.ts, decision 0235): times requests one at a
// time, in a process of its own that does nothing else, so that neither side of the HTTP ÷ SQL
// comparison pays for the bench's own heap, pools and timers. Plain JavaScript, run by Node alone.
//
//   node scripts/bench/latency-client.mjs JOB.json   ->   {"<kind>": [ms, ...], ...} on stdout
//
// A job is {mode: "http", base, timed: {kind: [path]}}: GET each path on one
// kept-alive connection with Node's own HTTP client, asking for compression as API clients do;
// or {mode: "sql", url, options, preparedMark, timed: {kind: [[statement]]}}:
// each search's statements ({text, values}) sent one after another on one node-postgres
// connection with the server's session options, as the server sends them: a statement whose text
// starts with preparedMark as a named prepared statement (decision 0220), the others unnamed. Each
// kind's list is timed item by item, each item whole; the bench warms up with jobs of their own
// (decision 0243).
import crypto from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import http from "node:http";
import pg from "pg";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

function httpRunner(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const run = (path) =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent, headers: { "accept-encoding": "br, gzip" } }, (res) => {
          res.on("data", () => {});
          res.on("error", reject);
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`GET ${path} answered ${res.statusCode}`)),
          );
        })
        .on("error", reject);
    });
  return { run, close: async () => agent.destroy() };
}

async function sqlRunner({ url, options, preparedMark }) {
  const client = new pg.Client({ connectionString: url, options });
  await client.connect();
  const named = (text) => "s" + crypto.createHash("sha1").update(text).digest("base64url");
  const run = async (statements) => {
    for (const s of statements)
      await client.query(
        s.text.startsWith(preparedMark) ? { name: named(s.text), text: s.text, values: s.values } : s.text,
        s.text.startsWith(preparedMark) ? undefined : s.values,
      );
  };
  return { run, close: () => client.end() };
}

const runner = job.mode === "http" ? httpRunner(job.base) : await sqlRunner(job);
const out = {};
try {
  for (const [kind, items] of Object.entries(job.timed)) {
    const times = [];
    for (const item of items) {
      const started = performance.now();
      await runner.run(item);
      times.push(performance.now() - started);
    }
    out[kind] = times.sort((a, b) => a - b);
  }
} finally {
  await runner.close();
}
process.stdout.write(JSON.stringify(out));
