import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { personalDataErasers } from './index.ts';

/**
 * Columns that name a user or a mailbox and that account deletion leaves as they are, each
 * with its reason. Any other such column needs an eraser (modules/index.ts), so that a new
 * table cannot keep a deleted person's data by being forgotten.
 */
const KEPT = new Map<string, string>([
  // The record that the deletion was asked for and carried out; the users row is a tombstone.
  ['account_deletions.user_id', 'the deletion itself'],
]);

function namesAPersonOrMailbox(column: string): boolean {
  return column === 'user_id' || column === 'account_id' || column.endsWith('_user_id');
}

describe('personal data erasers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('cover every column of the schema that names a user or a mailbox', async () => {
    const tables = await t.app.db.introspection.getTables();
    const columns = tables.flatMap((table) =>
      table.columns
        .filter((column) => namesAPersonOrMailbox(column.name))
        .map((column) => `${table.name}.${column.name}`),
    );
    const erased = new Set(personalDataErasers.flatMap((eraser) => eraser.columns));
    expect(columns.filter((column) => !erased.has(column) && !KEPT.has(column))).toEqual([]);
    // And every declared column exists.
    const declared = [...erased].filter((column) => !columns.includes(column));
    // Columns named otherwise (invited_by, accepted_by) are declared by choice.
    const existing = new Set(
      tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)),
    );
    expect(declared.filter((column) => !existing.has(column))).toEqual([]);
  });

  it('have one name each', () => {
    const names = personalDataErasers.map((eraser) => eraser.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
