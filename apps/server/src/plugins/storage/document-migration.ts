import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import type { DocumentStore } from './document-store.ts';

/** Every column that holds a DocumentStore key. */
const KEY_COLUMNS = [
  { table: 'letter_documents', column: 'storage_key' },
  { table: 'uploads', column: 'storage_key' },
  { table: 'uploads', column: 'thumbnail_key' },
  { table: 'providers', column: 'logo_key' },
  { table: 'signature_requests', column: 'sealed_storage_key' },
  { table: 'letter_recipients', column: 'print_storage_key' },
  { table: 'form_files', column: 'storage_key' },
  { table: 'form_submission_documents', column: 'storage_key' },
] as const;

const BATCH = 500;
const PARALLEL = 4;

export interface MigrationProgress {
  /** Documents referenced when the migration began. */
  total: number;
  done: number;
  copied: number;
  /** Already in the target store (an earlier run, or shared with another row). */
  present: number;
  /** Referenced, but not in the source store. */
  missing: string[];
  /** Their bytes in the source store do not hash to their key: not copied. */
  corrupt: string[];
}

function referencedKeysSql(db: Kysely<Database>, after: string, limit: number) {
  const [first, ...rest] = KEY_COLUMNS.map(({ table, column }) =>
    // Each arm is limited on its own index, so a batch costs the same at the start and the end.
    db
      .selectFrom(
        db
          .selectFrom(table)
          .select(`${column} as key`)
          .distinct()
          .where(column, 'is not', null)
          .where(column, '>', after)
          .orderBy(column)
          .limit(limit)
          .as('arm'),
      )
      .select('arm.key'),
  );
  if (!first) throw new TypeError('no key columns');
  return rest.reduce((union, arm) => union.union(arm), first);
}

/** The next `limit` distinct keys after `after`, in order, from every referencing column. */
export async function referencedKeysAfter(
  db: Kysely<Database>,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom(referencedKeysSql(db, after, limit).as('referenced'))
    .select('referenced.key')
    .orderBy('referenced.key')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}

export async function countReferencedKeys(db: Kysely<Database>): Promise<number> {
  const [first, ...rest] = KEY_COLUMNS.map(({ table, column }) =>
    db.selectFrom(table).select(`${column} as key`).where(column, 'is not', null),
  );
  if (!first) return 0;
  const all = rest.reduce((union, arm) => union.union(arm), first);
  const row = await db
    .selectFrom(all.as('referenced'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Copies every document a row refers to from `from` into `to`. The target computes the
 * SHA-256 of what it receives, which must be the key: a copy is checked as it is made.
 * Documents already in the target are skipped, so an interrupted run is simply run again.
 */
export async function migrateDocuments(
  db: Kysely<Database>,
  from: DocumentStore,
  to: DocumentStore,
  onProgress: (progress: Readonly<MigrationProgress>) => void,
): Promise<MigrationProgress> {
  const progress: MigrationProgress = {
    total: await countReferencedKeys(db),
    done: 0,
    copied: 0,
    present: 0,
    missing: [],
    corrupt: [],
  };
  let after = '';
  for (;;) {
    const keys = await referencedKeysAfter(db, after, BATCH);
    const last = keys.at(-1);
    if (last === undefined) break;
    for (let index = 0; index < keys.length; index += PARALLEL) {
      await Promise.all(
        keys.slice(index, index + PARALLEL).map(async (key) => {
          const outcome = await copyDocument(from, to, key);
          if (outcome === 'copied') progress.copied += 1;
          else if (outcome === 'present') progress.present += 1;
          else progress[outcome].push(key);
          progress.done += 1;
        }),
      );
      onProgress(progress);
    }
    after = last;
  }
  return progress;
}

async function copyDocument(
  from: DocumentStore,
  to: DocumentStore,
  key: string,
): Promise<'copied' | 'present' | 'missing' | 'corrupt'> {
  if (await to.exists(key)) return 'present';
  let source;
  try {
    source = await from.open(key);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 'missing';
    throw error;
  }
  const stored = await to.put(source, { maxBytes: Number.MAX_SAFE_INTEGER });
  // The bytes went in under their own (other) key, where nothing refers to them.
  return stored.key === key ? 'copied' : 'corrupt';
}
