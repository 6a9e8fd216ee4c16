import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Predicates repositories of several areas share, each written once; they name no table,
 * only the query's alias. The membership check every query of account data carries is the
 * accounts module's (modules/accounts/account-scopes.ts), which owns the memberships table.
 */

/**
 * A letter that waits to be read: received and not opened. What the user wrote themselves is
 * never unread. `letter` is the query's alias of `letters`. The literals match the predicate of
 * letters_unread_idx word for word, so SQLite uses that partial index.
 */
export function isUnread(letter = 'l'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${letter}.direction`)} = 'inbound' and ${sql.ref(`${letter}.read_at`)} is null)`;
}
