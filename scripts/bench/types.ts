/**
 * `npm run bench` runs every section module in scripts/bench/ (each default-exports a
 * BenchSection) in `order`, and prints one table of all rows.
 */
export interface BenchTarget {
  /** "PostgreSQL" or "PGlite" */
  database: string;
  /** Set for PostgreSQL. */
  url?: string;
  /** Set for PGlite: the DATA_DIR holding db/ that the import section filled. */
  dataDir?: string;
}

export interface BenchContext {
  rows: number;
  /** Scratch folder for this run. */
  workDir: string;
  /** The generated register file. */
  registerFile: string;
  /** Databases holding the imported register, filled by the import section (order 10). */
  targets: BenchTarget[];
  log(message: string): void;
}

export interface BenchRow {
  section: string;
  metric: string;
  database: string;
  value: string;
  target?: string;
  /** true met, false missed, undefined no target */
  ok?: boolean;
}

export interface BenchSection {
  name: string;
  order: number;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
