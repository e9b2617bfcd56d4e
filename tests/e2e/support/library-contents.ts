import Sqlite from 'better-sqlite3';
import pg from 'pg';

/** What a library holds, read straight from its database: for the backup round trips (tests/e2e/backup-restore*.test.ts). */
const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** An empty PostgreSQL database (no migration run): where a restore goes. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `phap_bao_test_${process.pid}_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Every table's rows, each row as JSON, sorted: two libraries are equal when these are. */
export async function tablesOf(
  engine: string,
  where: { file?: string; url?: string },
): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  if (engine === 'sqlite') {
    const db = new Sqlite(where.file!, { readonly: true });
    const names = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[];
    for (const { name } of names) {
      tables[name] = (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: where.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    for (const { name } of rows) {
      tables[name] = (await client.query(`SELECT * FROM public."${name}"`)).rows.map((r) => JSON.stringify(r)).sort();
    }
    await client.end();
  }
  return tables;
}
