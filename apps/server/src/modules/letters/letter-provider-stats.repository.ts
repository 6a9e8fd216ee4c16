import type { Kysely } from 'kysely';
import { isUnread } from '../../db/scopes.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';
import type { Database } from '../../db/schema.ts';

/** What letters say about providers (who wrote, how often, how lately); no provider columns. */

/** Letters from the provider in the caller's accounts (their trash aside). */
export async function countInboundLettersOfProvider(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<number> {
  const row = await db
    .selectFrom('letters as l')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('l.provider_id', '=', providerId)
    .where('l.direction', '=', 'inbound')
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The providers that wrote to the account (letters in its trash aside), the one with the
 * latest letter first, then by id; the membership check is the caller's.
 */
export async function findProviderIdsByLatestLetter(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('letters as l')
    .select(['l.provider_id', (eb) => eb.fn.max('l.created_at').as('last_letter_at')])
    .where('l.account_id', '=', accountId)
    .where('l.direction', '=', 'inbound')
    .where('l.trashed_at', 'is', null)
    .where('l.provider_id', 'is not', null)
    .groupBy('l.provider_id')
    .orderBy('last_letter_at', 'desc')
    .orderBy('l.provider_id')
    .execute();
  return rows.flatMap((row) => (row.provider_id === null ? [] : [row.provider_id]));
}

/** Per provider that wrote to the account (its trash aside): letters and unread ones. */
export async function countInboundLettersByProvider(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<Array<{ provider_id: string; letter_count: number; unread_count: number }>> {
  const rows = await db
    .selectFrom('letters as l')
    .select((eb) => [
      'l.provider_id',
      eb.fn.countAll<number>().as('letter_count'),
      eb.fn.sum<number>(eb.case().when(isUnread('l')).then(1).else(0).end()).as('unread_count'),
    ])
    .where('l.account_id', '=', accountId)
    .where('l.direction', '=', 'inbound')
    .where('l.trashed_at', 'is', null)
    .where('l.provider_id', 'is not', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .groupBy('l.provider_id')
    .execute();
  return rows.flatMap((row) =>
    row.provider_id === null
      ? []
      : [
          {
            provider_id: row.provider_id,
            letter_count: Number(row.letter_count),
            unread_count: Number(row.unread_count),
          },
        ],
  );
}
