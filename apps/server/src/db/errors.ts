/** True for a unique or primary-key violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // PostgreSQL: SQLSTATE 23505.
  if ('code' in error && error.code === '23505') return true;
  // SQLite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  return 'errcode' in error && (error.errcode === 2067 || error.errcode === 1555);
}
