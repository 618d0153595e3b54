import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { redactUrl } from '@warrant/site-server';
import { PostgresNotInstalled, startTestCluster } from '../tools/postgres/test-cluster.ts';

// The PostgreSQL a benchmark measures on. With WARRANT_DATABASE_URL set, the database it names,
// in a schema of the bench's own (a fresh name, dropped when the bench is done), so the figures are
// those of the PostgreSQL the desk would really run on. Without it, a throwaway local cluster, as
// the storage tests and partner-write.bench.ts start one (tools/postgres/test-cluster.ts: its own
// initdb in a temporary directory, a loopback port, fsync off, deleted afterwards). With neither,
// the PostgreSQL half of a benchmark is skipped, and the reason recorded.

export type BenchPostgres =
  | {
      readonly ok: true;
      readonly url: string;
      /** A schema of the bench's own in that database. */
      readonly schema: string;
      /** Where the database is, for a figure's note (no password). */
      readonly said: string;
      stop(): Promise<void>;
    }
  | { readonly ok: false; readonly reason: string };

const freshSchema = (): string => `bench_${randomBytes(6).toString('hex')}`;

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function benchPostgres(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<BenchPostgres> {
  const configured = env['WARRANT_DATABASE_URL'];
  if (configured !== undefined && configured !== '') {
    const schema = freshSchema();
    return {
      ok: true,
      url: configured,
      schema,
      said: `the PostgreSQL WARRANT_DATABASE_URL names (${redactUrl(configured)}), in a schema of the bench's own, dropped afterwards`,
      stop: () => dropSchema(configured, schema),
    };
  }
  try {
    const cluster = await startTestCluster();
    return {
      ok: true,
      url: cluster.url,
      schema: freshSchema(),
      said: 'a throwaway local PostgreSQL cluster over TCP on loopback, fsync off (tools/postgres/test-cluster.ts), as WARRANT_DATABASE_URL is not set',
      stop: () => cluster.stop(),
    };
  } catch (error) {
    if (error instanceof PostgresNotInstalled)
      return { ok: false, reason: `WARRANT_DATABASE_URL is not set and ${error.message}` };
    throw error;
  }
}
