import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

/** node:sqlite takes no booleans or dates: map them to what SQLite stores. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return value;
  }
  if (value instanceof Uint8Array) return value;
  throw new TypeError(`Cannot bind a value of type ${typeof value} to SQLite`);
}

function toParameters(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

/**
 * Opens a SQLite file with Kuvert's durability settings and exposes it in the shape Kysely's
 * SqliteDialect expects. Prepared statements are cached: preparing is the costly part of a
 * small query, and the same few hundred statements are used over and over.
 */
export function openNodeSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const database = new DatabaseSync(filename);
  // First, so that even switching to WAL waits for another process's lock (the CLI beside a
  // running server) instead of failing at once.
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, SqliteStatement>();

  function prepareStatement(sql: string): SqliteStatement {
    const statement = database.prepare(sql);
    return {
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...toParameters(parameters)),
      run: (parameters) => statement.run(...toParameters(parameters)),
      iterate: (parameters) => statement.iterate(...toParameters(parameters)),
    };
  }

  return {
    raw: database,
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached) return cached;
      const statement = prepareStatement(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
