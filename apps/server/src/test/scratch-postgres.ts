import { Client } from 'pg';
import { inject } from 'vitest';
import { adminDatabaseUrl } from './database-templates.ts';

export interface ScratchPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asAdmin(query: string): Promise<void> {
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * An empty PostgreSQL database, not migrated (unlike the test databases of
 * database-templates.ts), for tests of migrating itself. Named under the run's prefix when
 * there is one, so that the run's teardown drops it even if the test could not.
 */
export async function createScratchPostgresDatabase(): Promise<ScratchPostgresDatabase> {
  const prefix = inject('postgresRunPrefix') ?? `kuvert_test_${process.pid}`;
  const name = `${prefix}_scratch_${Math.random().toString(36).slice(2, 10)}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}
