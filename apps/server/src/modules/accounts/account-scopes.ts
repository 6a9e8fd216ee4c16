import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * The membership check every query of account data carries in the query itself (DESIGN.md §4):
 * repositories of all areas compose these rather than repeat the SQL, and only this module,
 * which owns the memberships table, writes it. Columns are named with the query's alias:
 * `l.account_id`.
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
