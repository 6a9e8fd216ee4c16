import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many letters a provider sent the account (its trash aside), and how many are unread. */
export interface ProviderLetterCounts {
  letter_count: number;
  unread_count: number;
}

/**
 * Where providers learn who they wrote to. The letters area answers it (letters name their
 * provider, so providers cannot import it); app.ts installs it as `app.providerLetterCounts`.
 */
export interface ProviderLetterCountsSource {
  /**
   * By provider id, the providers that wrote to the account; empty unless the user is a
   * member of it (the membership check is in the query).
   */
  countOfAccount(
    db: Kysely<Database>,
    userId: string,
    accountId: string,
  ): Promise<Map<string, ProviderLetterCounts>>;
}
