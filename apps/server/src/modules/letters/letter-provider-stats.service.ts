import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countInboundLettersByProvider,
  countInboundLettersOfProvider,
  findProviderIdsByLatestLetter,
} from './letter-provider-stats.repository.ts';

/*
 * Letters' side of "which providers wrote to whom": forms show the providers an account hears
 * from, the providers area counts their letters (through its port, providers/provider-letter-counts.ts).
 */

/** Letters from the provider in the caller's accounts, their trash aside. */
export async function countLettersFromProvider(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<number> {
  return countInboundLettersOfProvider(db, userId, providerId);
}

/**
 * The providers that wrote to the account, the latest letter first (ties by provider id); the
 * caller checks the membership.
 */
export async function findProvidersByLatestLetter(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  return findProviderIdsByLatestLetter(db, accountId);
}

/** Letters and unread letters per provider in the account, for a member of it. */
export async function countLettersByProvider(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<Map<string, { letter_count: number; unread_count: number }>> {
  const rows = await countInboundLettersByProvider(db, userId, accountId);
  return new Map(rows.map(({ provider_id, ...counts }) => [provider_id, counts]));
}
