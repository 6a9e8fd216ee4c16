import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FoundReference } from './reference-numbers.ts';

/** Replaces the reference numbers found in an item. */
export async function replaceItemReferences(
  db: Kysely<Database>,
  item: { id: string; file_id: string; account_id: string },
  references: readonly FoundReference[],
): Promise<void> {
  await db.deleteFrom('case_file_references').where('item_id', '=', item.id).execute();
  for (let start = 0; start < references.length; start += 200) {
    await db
      .insertInto('case_file_references')
      .values(
        references.slice(start, start + 200).map((found) => ({
          item_id: item.id,
          reference: found.reference,
          file_id: item.file_id,
          account_id: item.account_id,
          display: found.display,
        })),
      )
      .execute();
  }
}

/** Live files with a live item linking the letter, each with the newest such item. */
export async function findFilesOfLetter(db: Kysely<Database>, accountId: string, letterId: string) {
  return db
    .selectFrom('case_file_item_letters as l')
    .innerJoin('case_file_items as i', 'i.id', 'l.item_id')
    .innerJoin('case_files as f', 'f.id', 'i.file_id')
    .select([
      'f.id',
      'f.title',
      'f.color',
      'f.last_activity_at',
      'i.id as item_id',
      'i.title as item_title',
      'i.item_date',
    ])
    .where('l.letter_id', '=', letterId)
    .where('i.account_id', '=', accountId)
    .where('i.trashed_at', 'is', null)
    .where('f.trashed_at', 'is', null)
    .orderBy('f.last_activity_at', 'desc')
    .orderBy('f.id')
    .orderBy('i.item_date', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** Live items of the account's live files that carry one of these reference numbers. */
export async function findFilesWithReferences(
  db: Kysely<Database>,
  accountId: string,
  references: readonly string[],
) {
  if (references.length === 0) return [];
  return db
    .selectFrom('case_file_references as r')
    .innerJoin('case_file_items as i', 'i.id', 'r.item_id')
    .innerJoin('case_files as f', 'f.id', 'r.file_id')
    .select(['f.id', 'f.title', 'f.color', 'r.reference', 'r.display'])
    .where('r.account_id', '=', accountId)
    .where('r.reference', 'in', [...references])
    .where('i.trashed_at', 'is', null)
    .where('f.trashed_at', 'is', null)
    .orderBy('f.last_activity_at', 'desc')
    .orderBy('f.id')
    .orderBy('i.item_date', 'desc')
    .limit(200)
    .execute();
}

/** Every item (live or trashed) linking the letter, with the text its numbers are read from. */
export async function findItemsLinkingLetter(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('case_file_item_letters as l')
    .innerJoin('case_file_items as i', 'i.id', 'l.item_id')
    .select(['i.id', 'i.file_id', 'i.account_id', 'i.title', 'i.notes'])
    .where('l.letter_id', '=', letterId)
    .execute();
}
