/**
 * What every `npm run <command>` script shares: reading its options (node:util parseArgs) with
 * the same answers to --help, an unknown option and a missing one, and ending the process with
 * the command's exit code, printing an expected error as its message only.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadConfig, loadDotEnv, type Config } from "../app/platform/env.server";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O }>>["values"];

/**
 * The command's options, or the exit code to end with: 0 after printing the usage for --help,
 * 2 after an unknown or malformed option or a missing required one.
 */
export function commandArgs<O extends Options, R extends keyof O & string = never>(
  usage: string,
  options: O,
  required: R[] = [],
): { values: Values<O> & Record<R, string> } | { exitCode: number } {
  let values: Values<O> & { help?: boolean };
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", default: false } } }) as {
      values: Values<O> & { help?: boolean };
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return { exitCode: 2 };
  }
  if (values.help) {
    console.log(usage);
    return { exitCode: 0 };
  }
  const missing = required.filter((name) => (values as Record<string, unknown>)[name] === undefined);
  if (missing.length) {
    console.error(`${missing.map((name) => `--${name}`).join(", ")} is required.\n${usage}`);
    return { exitCode: 2 };
  }
  return { values: values as Values<O> & Record<R, string> };
}

/**
 * The command's options (as `commandArgs`) and then its settings: .env, then the environment,
 * checked (a ConfigError when they are wrong).
 */
export function commandSettings<O extends Options, R extends keyof O & string = never>(
  usage: string,
  options: O,
  required: R[] = [],
): { values: Values<O> & Record<R, string>; config: Config } | { exitCode: number } {
  const args = commandArgs(usage, options, required);
  if ("exitCode" in args) return args;
  loadDotEnv();
  return { values: args.values, config: loadConfig() };
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs the command and exits with its code. An error of one of the `expected` classes (bad
 * configuration, a database in use) prints its message alone; anything else prints as
 * `failure: message` when the command names its failure, or whole (with its stack).
 */
export function runCommand(
  main: () => Promise<number>,
  options: { expected?: ErrorClass[]; failure?: string } = {},
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (options.expected?.some((type) => error instanceof type)) console.error(message);
      else console.error(options.failure ? `${options.failure}: ${message}` : error);
      process.exit(1);
    },
  );
}
