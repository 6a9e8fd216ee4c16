import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * The predicates every repository shares, each written once. Every query of account data
 * carries the membership check in the query itself (DESIGN.md §4), so repositories of all
 * areas compose these rather than repeat the SQL. They live here, beside the schema, because a
 * module may not reach into another area's repository (the boundary lint) and the check is no
 * area's private business. Columns are named with the query's alias: `l.account_id`.
 */

/** A column of the query's row that holds an account id, such as `l.account_id`. */
export type AccountColumn = `${string}.account_id`;

/** The caller is a member of the row's account (any role). */
export function callerIsMember(userId: string, accountColumn: AccountColumn): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from memberships as membership
    where membership.account_id = ${sql.ref(accountColumn)}
      and membership.user_id = ${userId})`;
}

/**
 * The caller's role in the row's account, for a query that also says `callerIsMember`:
 * the role then is never null. Select it `.as('role')`.
 */
export function callerRole(userId: string, accountColumn: AccountColumn): RawBuilder<string> {
  return sql<string>`(select membership.role from memberships as membership
    where membership.account_id = ${sql.ref(accountColumn)}
      and membership.user_id = ${userId})`;
}

/**
 * A letter that waits to be read: received and not opened. What the user wrote themselves is
 * never unread. `letter` is the query's alias of `letters`. The literals match the predicate of
 * letters_unread_idx word for word, so SQLite uses that partial index.
 */
export function isUnread(letter = 'l'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${letter}.direction`)} = 'inbound' and ${sql.ref(`${letter}.read_at`)} is null)`;
}
