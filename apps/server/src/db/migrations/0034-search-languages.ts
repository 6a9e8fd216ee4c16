import { sql, type Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { MigrationContext } from './context.ts';

/**
 * Search in the person's language (issue 27). Both engines now spell out æ, œ and ß and drop
 * the stroke of ø (æ → ae, ø → o) as they already dropped the dots of ö; PostgreSQL also
 * indexes each word's stems in the five languages (postgres-stems.ts of the search module).
 * No table changes: the entries are only written differently.
 *
 * Existing entries are rewritten by a `search.refresh` job rather than here: the folding and
 * the stems are the search module's code, which a migration does not import, and the job
 * rewrites entries in place, so search keeps working meanwhile. Queued only when there is
 * something to index.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const now = new Date();
  const timestamp =
    context.engine === 'postgres'
      ? sql`${now.toISOString()}::timestamptz`
      : sql`${now.toISOString()}`;
  await sql`insert into jobs (id, type, payload, status, attempts, max_attempts, run_at,
      locked_until, last_error, created_at, updated_at)
    select ${newId(now.getTime())}, 'search.refresh', 'null', 'pending', 0, 5, ${timestamp},
      null, null, ${timestamp}, ${timestamp}
    where exists (select 1 from letters) or exists (select 1 from uploads)`.execute(db);
}
