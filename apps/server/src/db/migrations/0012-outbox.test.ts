import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type QueryExecutorProvider } from 'kysely';
import { Migrator } from 'kysely/migration';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import type { Engine } from './context.ts';
import { createMigrationProvider } from './index.ts';

const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function adminQuery(query: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A database migrated up to `target` only, as an installation before this release. */
async function databaseAt(engine: Engine, target: string): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-migration-'));
  let url: string | undefined;
  if (engine === 'postgres') {
    const name = `kuvert_migration_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database ${name}`);
    const parsed = new URL(process.env.TEST_DATABASE_URL ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  }
  const handle = connectDatabase({ databaseUrl: url, dataDir });
  cleanups.unshift(async () => {
    await handle.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const { error } = await migrator(handle).migrateTo(target);
  if (error) throw error;
  return handle;
}

function migrator(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: createMigrationProvider({ engine: handle.engine }),
  });
}

async function seedMailbox(db: QueryExecutorProvider): Promise<void> {
  const now = '2026-11-01T10:00:00.000Z';
  await sql`insert into accounts (id, name, kind, created_at)
      values ('a1', 'Anna', 'personal', ${now})`.execute(db);
  await sql`insert into providers (id, name, category, created_at)
      values ('p1', 'Stadtwerke', 'utilities', ${now})`.execute(db);
  for (const [id, direction, reply] of [
    ['l1', 'inbound', null],
    ['l2', 'outbound', 'l1'],
  ] as const) {
    await sql`insert into letters (id, account_id, provider_id, direction, kind, subject, body,
          in_reply_to, delivery_status, created_at)
        values (${id}, 'a1', 'p1', ${direction}, 'letter', ${`Subject ${id}`}, 'Text', ${reply},
          'delivered', ${now})`.execute(db);
  }
  await sql`insert into letter_documents (id, letter_id, position, filename, content_type, size,
        storage_key, text_status, created_at)
      values ('d1', 'l1', 0, 'a.pdf', 'application/pdf', 10, 'k1', 'pending', ${now})`.execute(db);
}

/** SQLite: each letter's rowid (the search index's key). PostgreSQL has none: empty. */
async function sqliteRowids(db: QueryExecutorProvider, engine: Engine) {
  if (engine !== 'sqlite') return [];
  const { rows } = await sql<{
    id: string;
    rowid: number;
  }>`select id, rowid from letters order by id`.execute(db);
  return rows;
}

/** SQLite: the names of the indexes and triggers on letters. */
async function sqliteDependents(db: QueryExecutorProvider, engine: Engine) {
  if (engine !== 'sqlite') return [];
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where tbl_name = 'letters' and type in ('index', 'trigger') and sql is not null
      order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function foreignKeysEnforced(db: QueryExecutorProvider, engine: Engine): Promise<boolean> {
  if (engine !== 'sqlite') return true;
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  return rows[0]?.foreign_keys === 1;
}

describe.each(engines)('migration 0012-outbox on %s', (engine) => {
  it('keeps every letter, its documents, rowids and indexes, and gives replies their recipient', async () => {
    const handle = await databaseAt(engine, '0011-signatures');
    const db = handle.db;
    await seedMailbox(db);
    const rowidsBefore = await sqliteRowids(db, engine);
    const dependentsBefore = await sqliteDependents(db, engine);

    const { error } = await migrator(handle).migrateTo('0012-outbox');
    expect(error).toBeUndefined();

    const letters = await sql<{ id: string }>`select id from letters order by id`.execute(db);
    expect(letters.rows.map((row) => row.id)).toEqual(['l1', 'l2']);
    const documents = await sql<{ id: string }>`select id from letter_documents`.execute(db);
    expect(documents.rows).toHaveLength(1);
    const recipients = await sql<{
      letter_id: string;
      channel: string;
      provider_id: string;
      name: string;
      status: string;
    }>`select letter_id, channel, provider_id, name, status from letter_recipients`.execute(db);
    expect(recipients.rows).toEqual([
      {
        letter_id: 'l2',
        channel: 'provider',
        provider_id: 'p1',
        name: 'Stadtwerke',
        status: 'delivered',
      },
    ]);
    expect(await sqliteRowids(db, engine)).toEqual(rowidsBefore);
    expect(await sqliteDependents(db, engine)).toEqual(expect.arrayContaining(dependentsBefore));
    expect(await foreignKeysEnforced(db, engine)).toBe(true);

    // A letter between Kuvert users has no provider; a posted letter may be `sent`.
    await sql`insert into letters (id, account_id, provider_id, direction, kind, subject, body,
          delivery_status, sender_name, created_at)
        values ('l3', 'a1', null, 'inbound', 'letter', 'Hallo', 'Text', 'sent', 'Ben',
          '2026-11-02T10:00:00.000Z')`.execute(db);
    await expect(
      sql`update letters set delivery_status = 'lost' where id = 'l3'`.execute(db),
    ).rejects.toThrow(/check/i);
    // Deleting a letter still takes its documents with it.
    await sql`delete from letters where id = 'l1'`.execute(db);
    const left = await sql<{ id: string }>`select id from letter_documents`.execute(db);
    expect(left.rows).toEqual([]);
  });
});
