import { sql, type Kysely } from 'kysely';
import { callerIsMember } from '../accounts/account-scopes.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Letters as other areas refer to them (a case file's item), without their text. Who the
 * counterpart is needs the provider's name, which letter-lookups.service.ts asks for.
 */
export async function findLetterRefRows(
  db: Kysely<Database>,
  accountId: string,
  letterIds: readonly string[],
) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letters as l')
    .select([
      'l.id',
      'l.account_id',
      'l.direction',
      'l.kind',
      'l.subject',
      'l.created_at',
      'l.trashed_at',
      'l.provider_id',
      'l.sender_name',
      sql<string | null>`(select r.name from letter_recipients as r
        where r.letter_id = l.id order by r.position limit 1)`.as('first_recipient_name'),
    ])
    .where('l.account_id', '=', accountId)
    .where('l.id', 'in', [...letterIds])
    .execute();
}

export type LetterRefRow = Awaited<ReturnType<typeof findLetterRefRows>>[number];

/** Subject, body and the documents' extracted text, each cut at `maxChars`. */
export async function findLetterTextRows(
  db: Kysely<Database>,
  letterIds: readonly string[],
  maxChars: number,
) {
  if (letterIds.length === 0) return { letters: [], documents: [] };
  const ids = [...letterIds];
  const letters = await db
    .selectFrom('letters')
    .select(['id', 'subject', sql<string>`substr(body, 1, ${sql.lit(maxChars)})`.as('body')])
    .where('id', 'in', ids)
    .execute();
  const documents = await db
    .selectFrom('letter_documents')
    .select(['letter_id', sql<string>`substr(text, 1, ${sql.lit(maxChars)})`.as('text')])
    .where('letter_id', 'in', ids)
    .where('text', 'is not', null)
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
  return { letters, documents };
}

/** A letter of one of the caller's accounts; undefined when not theirs. */
export async function findVisibleLetterRow(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<{ id: string; account_id: string } | undefined> {
  return db
    .selectFrom('letters as l')
    .select(['l.id', 'l.account_id'])
    .where('l.id', '=', letterId)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirst();
}
