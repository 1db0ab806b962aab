/**
 * The hand-written Kysely types (schema.ts, kept in step with db/migrations by hand) against the
 * database the migrations build: the same tables, the same columns, and the same nullability
 * (a column that may hold NULL is `| null` in its select type, and one that may not, is not).
 * The types are read from the source with the TypeScript compiler, as they do not exist at run time.
 */
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/** table -> column -> whether the column may be null */
type Columns = Map<string, Map<string, boolean>>;

let t: TestDatabase;
let declared: { columns: Columns; nested: string[] };
beforeAll(async () => {
  t = await createTestDatabase();
  declared = declaredColumns();
});
afterAll(async () => {
  await t?.destroy();
});

/**
 * The tables of the `DB` interface, their columns, and whether each column's select type admits
 * null; and the columns typed ColumnType<ColumnType<...>> (say Generated<Timestamp>), which
 * Kysely reads as the inner wrapper rather than the value.
 */
function declaredColumns(): { columns: Columns; nested: string[] } {
  const file = path.resolve(import.meta.dirname, "schema.ts");
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const db = program
    .getSourceFile(file)
    ?.statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "DB",
    );
  if (!db) throw new Error("schema.ts declares no DB interface");
  const tables: Columns = new Map();
  const nested: string[] = [];
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db.name))) {
    const columns = new Map<string, boolean>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const select = selectType(checker, checker.getTypeOfSymbol(column));
      if (select.getProperty("__select__")) nested.push(`${table.name}.${column.name}`);
      columns.set(column.name, admitsNull(select));
    }
    tables.set(table.name, columns);
  }
  return { columns: tables, nested };
}

/** What a query reads: S of Kysely's ColumnType<S, I, U> (and Generated<S>), or the type itself. */
function selectType(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const select = type.getProperty("__select__");
  return select ? checker.getTypeOfSymbol(select) : type;
}

function admitsNull(type: ts.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0);
}

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  is_nullable: "YES" | "NO";
  is_generated: "ALWAYS" | "NEVER";
}

/** The tables of the schema the test database uses (its own schema on PostgreSQL, public on PGlite). */
async function databaseColumns(): Promise<{ columns: Columns; generated: Set<string> }> {
  const { rows } = await sql<DatabaseColumn>`
    SELECT table_name, column_name, is_nullable, is_generated
    FROM information_schema.columns
    WHERE table_schema = current_schema()
    ORDER BY table_name, ordinal_position`.execute(t.db);
  const columns: Columns = new Map();
  const generated = new Set<string>();
  for (const row of rows) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
    columns.get(row.table_name)!.set(row.column_name, row.is_nullable === "YES");
    if (row.is_generated === "ALWAYS") generated.add(`${row.table_name}.${row.column_name}`);
  }
  return { columns, generated };
}

it("reads the tables of the DB interface from schema.ts, with their columns and nullability", () => {
  const users = declared.columns.get("users")!;
  expect(declared.columns.size).toBeGreaterThan(20);
  expect(declared.columns.get("directory_name_words")).toEqual(new Map([["word", false]]));
  expect(users.get("email")).toBe(false); // string
  expect(users.get("password_hash")).toBe(true); // string | null
  expect(users.get("email_confirmed_at")).toBe(true); // TimestampNull, a ColumnType
  expect(users.get("recovery_codes")).toBe(false); // Generated<string[]>
});

it("declares every table and column the migrations create, and no other, with the same nullability", async () => {
  const { columns: actual, generated } = await databaseColumns();
  const problems = declared.nested.map(
    (column) => `${column}: a ColumnType inside a ColumnType, read as the inner wrapper`,
  );
  for (const table of actual.keys()) {
    if (!declared.columns.has(table))
      problems.push(`table ${table}: in the database, missing from the DB interface`);
  }
  for (const [table, columns] of declared.columns) {
    const inDatabase = actual.get(table);
    if (!inDatabase) {
      problems.push(`table ${table}: in the DB interface, missing from the database`);
      continue;
    }
    for (const column of inDatabase.keys()) {
      if (!columns.has(column)) problems.push(`${table}.${column}: in the database, missing from schema.ts`);
    }
    for (const [column, typeAdmitsNull] of columns) {
      if (!inDatabase.has(column)) {
        problems.push(`${table}.${column}: in schema.ts, missing from the database`);
        continue;
      }
      // A generated column is as nullable as its expression, which the database does not declare.
      if (generated.has(`${table}.${column}`)) continue;
      const nullable = inDatabase.get(column)!;
      if (nullable && !typeAdmitsNull)
        problems.push(`${table}.${column}: nullable in the database, not | null in schema.ts`);
      if (!nullable && typeAdmitsNull)
        problems.push(`${table}.${column}: NOT NULL in the database, | null in schema.ts`);
    }
  }
  expect(problems, `schema.ts and the migrated database differ:\n${problems.join("\n")}`).toEqual([]);
});
