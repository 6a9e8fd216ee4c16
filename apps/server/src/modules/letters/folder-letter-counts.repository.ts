import type { Kysely } from 'kysely';
import { isUnread } from '../../db/scopes.ts';
import type { Database } from '../../db/schema.ts';

/** Per folder among `folderIds`: its letters outside the trash and the unread among them. */
export async function countLettersInFolders(
  db: Kysely<Database>,
  folderIds: readonly string[],
): Promise<Array<{ folder_id: string; letter_count: number; unread_count: number }>> {
  if (folderIds.length === 0) return [];
  const rows = await db
    .selectFrom('letters as l')
    .select((eb) => [
      'l.folder_id',
      eb.fn.countAll<number>().as('letter_count'),
      eb.fn.sum<number>(eb.case().when(isUnread('l')).then(1).else(0).end()).as('unread_count'),
    ])
    .where('l.folder_id', 'in', [...folderIds])
    .where('l.trashed_at', 'is', null)
    .groupBy('l.folder_id')
    .execute();
  return rows.flatMap((row) =>
    row.folder_id === null
      ? []
      : [
          {
            folder_id: row.folder_id,
            letter_count: Number(row.letter_count),
            unread_count: Number(row.unread_count),
          },
        ],
  );
}
