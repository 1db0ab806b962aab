/** Container types of the waste tracking service (reference/container-types.csv). "LOO" is loose. */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { ewcDataFile } from "./ewc-codes.server";

export interface ContainerType {
  code: string;
  description: string;
}

export const LOOSE = "LOO";

let cached: ContainerType[] | undefined;

export function loadContainerTypes(): ContainerType[] {
  if (!cached) {
    const rows = parse(fs.readFileSync(ewcDataFile("container-types.csv"), "utf8"), {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as Record<string, string>[];
    cached = rows.map((r) => ({ code: r.Code, description: r.Description }));
  }
  return cached;
}

export function containerLabel(code: string): string {
  return loadContainerTypes().find((c) => c.code === code)?.description ?? code;
}
