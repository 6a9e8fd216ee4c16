import type { Kysely } from 'kysely';
import { callerIsMember } from '../accounts/account-scopes.ts';
import type { Database } from '../../db/schema.ts';
import type { LetterCursor } from './letter-cursor.ts';

/** The columns a synced letter shows: what a script mirroring the mailbox needs, no body. */
function selectSyncedLetters(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('letters as l')
    .select([
      'l.id',
      'l.account_id',
      'l.provider_id',
      'l.sender_name',
      'l.direction',
      'l.kind',
      'l.subject',
      'l.created_at',
      'l.read_at',
      'l.trashed_at',
      'l.invoice_due_date',
    ])
    .where(callerIsMember(userId, 'l.account_id'));
}

export type SyncedLetterRow = Awaited<
  ReturnType<ReturnType<typeof selectSyncedLetters>['executeTakeFirstOrThrow']>
>;

/**
 * The caller's letters after `after` in arrival order, (created_at, id) ascending, up to
 * `limit`, none newer than `horizon`.
 */
export async function findSyncedLettersAfter(
  db: Kysely<Database>,
  filter: { userId: string; after: LetterCursor; horizon: string; limit: number },
): Promise<SyncedLetterRow[]> {
  return selectSyncedLetters(db, filter.userId)
    .where((eb) =>
      eb(
        eb.refTuple('l.created_at', 'l.id'),
        '>',
        eb.tuple(filter.after.createdAt, filter.after.id),
      ),
    )
    .where('l.created_at', '<=', filter.horizon)
    .orderBy('l.created_at', 'asc')
    .orderBy('l.id', 'asc')
    .limit(filter.limit)
    .execute();
}

export async function findSyncedLetter(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<SyncedLetterRow | undefined> {
  return selectSyncedLetters(db, userId).where('l.id', '=', letterId).executeTakeFirst();
}

/** The documents of these letters, in their order. */
export async function findDocumentsOfLetters(db: Kysely<Database>, letterIds: readonly string[]) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letter_documents')
    .select(['id', 'letter_id', 'role', 'filename', 'content_type', 'size'])
    .where('letter_id', 'in', [...letterIds])
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}
