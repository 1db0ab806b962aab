import pg from "pg";

/** Extensions are database-wide: create them once, before test files make their own schemas. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  } finally {
    await client.end();
  }
}
