import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import type { Config } from '../config/env.ts';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../db/connect.ts';
import type { OpenedApp } from './run-cli.ts';
import { CannotRunError } from './usage-error.ts';

export const SQLITE_FILE_NAME = 'kuvert.sqlite';

/** Names the database a configuration opens, for the operator: a path, or a URL without password. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return path.join(config.dataDir, SQLITE_FILE_NAME);
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

async function hasKuvertSchema(handle: DatabaseHandle): Promise<boolean> {
  try {
    await sql`select 1 from kysely_migration limit 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the server's database for a command, with the server's own configuration. A database
 * that does not exist yet is not made up silently: an operator who forgot the server's
 * DATA_DIR would otherwise invite people into an empty one.
 */
export async function openConfiguredApp(
  config: Config,
  options: { mayCreate: boolean },
): Promise<OpenedApp> {
  const where = describeDatabase(config);
  const isMissingFile = !config.databaseUrl && !existsSync(where);
  if (isMissingFile && !options.mayCreate) throw missingDatabase(where);
  const handle = connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (!options.mayCreate && !(await hasKuvertSchema(handle))) {
    await handle.db.destroy();
    throw missingDatabase(where);
  }
  await migrateToLatest(handle);
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    logger: { level: 'warn' },
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.db.destroy();
    },
  };
}

function missingDatabase(where: string): CannotRunError {
  return new CannotRunError(
    `There is no Kuvert database at ${where}. Set DATA_DIR (or DATABASE_URL) as the server has ` +
      'it, or pass --create-database to start an empty one.',
  );
}
