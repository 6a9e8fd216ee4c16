import { sql } from 'kysely';

/** The providers table as another area's list query joins it (see `providerRefTable`). */
export interface ProviderRefJoin {
  id: string;
  name: string;
  logo_key: string | null;
  verified_at: string | null;
}

/**
 * The providers table, for a list query of another area that shows each row's provider: it
 * left-joins this under an alias of its own and selects these columns. A page of letters then
 * is one query, not one for its letters and one for their providers; only this module names
 * the table (as account-scopes.ts does for memberships).
 */
export const providerRefTable = sql<ProviderRefJoin>`providers`;
