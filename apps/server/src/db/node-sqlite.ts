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

/** Columns a row object can carry one for one: at least one, each name once, none special. */
function canBuildRows(names: string[]): boolean {
  return names.length > 0 && new Set(names).size === names.length && !names.includes('__proto__');
}

/**
 * A row as an object whose properties are added in column order, so all rows of a statement
 * share one hidden class. node:sqlite's own row objects are built in dictionary mode, which
 * V8 reads, serialises and collects several times slower: for a page of 50 letters, rows
 * read as arrays and built here cost about a tenth less in the driver, and the presenter and
 * the garbage collector after it far less.
 */
function rowOf(names: string[], values: unknown): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  if (!Array.isArray(values)) return row;
  // An index loop: entries() costs a tenth of the gain on a page of 50 rows.
  for (let index = 0; index < names.length; index++) row[names[index] ?? ''] = values[index];
  return row;
}

function* mapRows(
  rows: Iterable<unknown>,
  toRow: (values: unknown) => Record<string, unknown>,
): IterableIterator<Record<string, unknown>> {
  for (const values of rows) yield toRow(values);
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
    const names = statement.columns().map((column) => column.name);
    const run = (parameters: ReadonlyArray<unknown>) => statement.run(...toParameters(parameters));
    if (!canBuildRows(names)) {
      return {
        reader: names.length > 0,
        all: (parameters) => statement.all(...toParameters(parameters)),
        run,
        iterate: (parameters) => statement.iterate(...toParameters(parameters)),
      };
    }
    statement.setReturnArrays(true);
    const toRow = (values: unknown) => rowOf(names, values);
    return {
      reader: true,
      all: (parameters) => statement.all(...toParameters(parameters)).map(toRow),
      run,
      iterate: (parameters) => mapRows(statement.iterate(...toParameters(parameters)), toRow),
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
