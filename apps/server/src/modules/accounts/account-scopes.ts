import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * The membership check every query of account data carries in the query itself (DESIGN.md §4):
 * repositories of all areas compose these rather than repeat the SQL, and only this module,
 * which owns the memberships table, writes it. Columns are named with the query's alias:
 * `l.account_id`.
 */

/**
 * The membership (the query's alias of `memberships`) has not ended: no end date, or one not
 * past yet. A member whose last day is over is no member at all, in every check. The day is the
 * database's (`current_date`, as YYYY-MM-DD on both engines).
 */
export function membershipIsCurrent(alias: string): RawBuilder<SqlBool> {
  const until = sql.ref(`${alias}.access_until`);
  return sql<SqlBool>`(${until} is null or ${until} >= cast(current_date as text))`;
}

/** `membershipIsCurrent` for a membership aliased `membership`. */
export const MEMBERSHIP_IS_CURRENT = membershipIsCurrent('membership');

/** A column of the query's row that holds an account id, such as `l.account_id`. */
export type AccountColumn = `${string}.account_id`;

/** The caller is a member of the row's account (any role). */
export function callerIsMember(userId: string, accountColumn: AccountColumn): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from memberships as membership
    where membership.account_id = ${sql.ref(accountColumn)}
      and membership.user_id = ${userId}
      and ${MEMBERSHIP_IS_CURRENT})`;
}

/**
 * The caller's role in the row's account, for a query that also says `callerIsMember`:
 * the role then is never null. Select it `.as('role')`.
 */
export function callerRole(userId: string, accountColumn: AccountColumn): RawBuilder<string> {
  return sql<string>`(select membership.role from memberships as membership
    where membership.account_id = ${sql.ref(accountColumn)}
      and membership.user_id = ${userId}
      and ${MEMBERSHIP_IS_CURRENT})`;
}
