import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/migrations/context.ts';
import { createMigrationProvider } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import type { DocumentStore } from './storage/document-store.ts';

/** A check that has not answered by then counts as failed: a load balancer must not wait. */
export const READINESS_TIMEOUT_MS = 2000;

/** The migrator's table (Kysely's default name), where each applied migration has a row. */
const MIGRATION_TABLE = 'kysely_migration';

export type ReadinessCheck = 'database' | 'store' | 'migrations' | 'draining';
export type CheckState = 'ok' | 'failed' | 'skipped';

export interface Readiness {
  status: 'ready' | 'not_ready';
  /** The checks that failed, in this order: draining, database, migrations, store. */
  failed: ReadinessCheck[];
  database: CheckState;
  store: CheckState;
  /** `failed`: a migration this instance knows is not applied (or no migration table). */
  migrations: CheckState;
  draining: boolean;
}

export interface ReadinessSources {
  db: Kysely<Database>;
  engine: Engine;
  documents: DocumentStore;
  isDraining: () => boolean;
  timeoutMs?: number;
}

/** Rejects once `ms` have passed; `signal` aborts a request that honours it (the S3 ping). */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const expectedMigrations = new Map<Engine, Promise<string[]>>();

/** The names of every migration this build has, whichever engine (the list is the same). */
function migrationNamesOf(engine: Engine): Promise<string[]> {
  let names = expectedMigrations.get(engine);
  if (!names) {
    names = createMigrationProvider({ engine })
      .getMigrations()
      .then((migrations) => Object.keys(migrations));
    expectedMigrations.set(engine, names);
  }
  return names;
}

/**
 * One query normally: the migrator's rows answer both "does the database answer?" and "is it
 * at the latest migration?". Migrations a newer instance applied (during a rolling deploy)
 * do not make this one unready; one it knows and the database lacks does. Only when that
 * query fails does a `select 1` tell an unreachable database from a missing table.
 */
async function checkDatabase(
  sources: ReadinessSources,
): Promise<{ database: CheckState; migrations: CheckState }> {
  let applied: Set<string>;
  try {
    const rows = await sql<{
      name: string;
    }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(sources.db);
    applied = new Set(rows.rows.map((row) => row.name));
  } catch {
    try {
      await sql`select 1`.execute(sources.db);
      return { database: 'ok', migrations: 'failed' };
    } catch {
      return { database: 'failed', migrations: 'skipped' };
    }
  }
  const expected = await migrationNamesOf(sources.engine);
  const isLatest = expected.every((name) => applied.has(name));
  return { database: 'ok', migrations: isLatest ? 'ok' : 'failed' };
}

/**
 * Whether this instance should be sent requests (`/api/ready`): the database and the document
 * store answer, every migration is applied, and the instance is not draining (SIGTERM). The
 * database and the store are asked side by side, each for at most `timeoutMs`. A draining
 * instance asks neither: it is leaving whatever they say.
 */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  if (sources.isDraining()) {
    return {
      status: 'not_ready',
      failed: ['draining'],
      database: 'skipped',
      store: 'skipped',
      migrations: 'skipped',
      draining: true,
    };
  }
  const timeoutMs = sources.timeoutMs ?? READINESS_TIMEOUT_MS;
  const [database, store] = await Promise.all([
    withTimeout(timeoutMs, () => checkDatabase(sources)).catch(() => ({
      database: 'failed' as const,
      migrations: 'skipped' as const,
    })),
    withTimeout(timeoutMs, (signal) => sources.documents.ping({ signal })).then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
  ]);
  const failed: ReadinessCheck[] = [];
  if (database.database === 'failed') failed.push('database');
  if (database.migrations === 'failed') failed.push('migrations');
  if (store === 'failed') failed.push('store');
  return {
    status: failed.length === 0 ? 'ready' : 'not_ready',
    failed,
    database: database.database,
    store,
    migrations: database.migrations,
    draining: false,
  };
}
