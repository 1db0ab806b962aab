/**
 * npm run generate:register -- --rows N --out file.csv [--seed S] [--malformed K] [--as-of YYYY-MM-DD]
 * Writes a realistic synthetic register in the EA daily export format (deterministic for a seed).
 */
import { DEFAULT_SAMPLE_SEED } from "../app/modules/register-sync/sample-register";
import { writeSampleRegister } from "../app/modules/register-sync/write-sample-register.server";
import { commandArgs, runCommand } from "./cli";

const USAGE =
  "Usage: npm run generate:register -- --rows N --out file.csv [--seed S] [--malformed K] [--as-of YYYY-MM-DD]";

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got '${value}'\n${USAGE}`);
  return n;
}

async function main(): Promise<number> {
  const args = commandArgs(
    USAGE,
    {
      rows: { type: "string" },
      out: { type: "string" },
      seed: { type: "string" },
      malformed: { type: "string" },
      "as-of": { type: "string" },
    },
    ["out"],
  );
  if ("exitCode" in args) return args.exitCode;
  const { values } = args;
  const asOf = values["as-of"];
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))
    throw new Error(`--as-of must be YYYY-MM-DD\n${USAGE}`);
  const started = Date.now();
  const result = await writeSampleRegister(values.out, {
    rows: count(values.rows, "rows", 1000),
    seed: count(values.seed, "seed", DEFAULT_SAMPLE_SEED),
    malformed: count(values.malformed, "malformed", 0),
    asOf,
  });
  const mb = (result.bytes / 1e6).toFixed(1);
  console.log(
    `Wrote ${result.rows} rows (${mb} MB) to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

runCommand(main, { failure: "Could not write the register" });
