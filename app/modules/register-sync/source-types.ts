/** Shared shapes of the source adapters (CSV, JSON) and the source opener. */
import type { RawRegisterRow } from "./register-fields";

/** A source row (`line` is the CSV line, or the item's position in a JSON items array), or an unreadable record. */
export type SourceItem =
  { kind: "row"; line: number; raw: RawRegisterRow } | { kind: "reject"; line: number; reason: string };

/** The source as a whole cannot be read (not found, HTTP error, no registration number column...). */
export class SourceError extends Error {}
