import pg from "pg";

/** One query on a PostgreSQL server over a connection of its own (schemas made and dropped around the tests). */
export async function adminQuery<T extends pg.QueryResultRow>(url: string, query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(query, values)).rows;
  } finally {
    await client.end();
  }
}
