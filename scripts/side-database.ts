/**
 * `tsx scripts/side-database.ts <postgres url>`: makes sure a sibling database `<name>_sqlite_run`
 * exists on the same server and prints its URL. scripts/test-all.sh gives it to the SQLite
 * integration run (its PostgreSQL-only tests), which runs beside the PostgreSQL run.
 */
import pg from "pg";

async function main(): Promise<void> {
  const given = process.argv[2];
  if (!given) throw new Error("usage: tsx scripts/side-database.ts <postgres url>");
  const side = new URL(given);
  const name = `${side.pathname.replace(/^\//, "") || "postgres"}_sqlite_run`;
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`cannot derive a database name from ${given}`);
  side.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  process.stdout.write(`${side.toString()}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`side-database: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
