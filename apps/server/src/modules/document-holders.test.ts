import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentHolders } from '../documents/document-holders.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { documentHolders } from './index.ts';

/**
 * Columns named `…_key` that hold no document: a new key column is either a document (it
 * gets a holder) or named here, so a file is never collected while a row still uses it.
 */
const NOT_DOCUMENT_KEYS = new Set([
  'jobs.unique_key',
  'payments.idempotency_key',
  'contacts.sort_key',
  'case_files.title_key',
  // The search index's account prefix (search-types.ts, accountKey).
  'letters_search_text.account_key',
  'uploads_search_text.account_key',
  'uploads_search_accounts.account_key',
]);

describe('document holders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('cover every column of the schema that holds a document key', async () => {
    const tables = await t.app.db.introspection.getTables();
    const keyColumns = tables.flatMap((table) =>
      table.columns
        .filter((column) => column.name.endsWith('_key'))
        .map((column) => `${table.name}.${column.name}`),
    );
    const held = new Set(documentHolders.flatMap((holder) => holder.columns));
    const unheld = keyColumns.filter(
      (column) => !held.has(column) && !NOT_DOCUMENT_KEYS.has(column),
    );
    expect(unheld).toEqual([]);
    // And every declared column exists.
    expect([...held].filter((column) => !keyColumns.includes(column))).toEqual([]);
  });

  it('are the ones the app asks', () => {
    expect(t.app.documentHolders.list().map((holder) => holder.name)).toEqual(
      documentHolders.map((holder) => holder.name),
    );
  });

  it('keep a key while any one holder uses it', async () => {
    const holders = new DocumentHolders();
    holders.register({
      name: 'a',
      columns: [],
      keysInUse: async (_db, keys) => keys.filter((key) => key === 'k1'),
    });
    holders.register({
      name: 'b',
      columns: [],
      keysInUse: async (_db, keys) => keys.filter((key) => key === 'k2'),
    });
    expect(await holders.findUnusedKeys(t.app.db, ['k1', 'k2', 'k3'])).toEqual(['k3']);
    expect(() => holders.register({ name: 'a', columns: [], keysInUse: async () => [] })).toThrow(
      /registered twice/,
    );
  });
});
