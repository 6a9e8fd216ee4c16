import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Periodic jobs run once per period for the whole cluster (issue 26). Their key now names the
 * period (`trash.purge:2026-11-29`), and it stays taken in every status, so an instance that
 * starts after the period's run finished (or while it runs) cannot queue it again. The old
 * index covered pending rows only.
 *
 * Keys of the old kind (the bare job type) are dropped: pending ones are deleted, as every
 * instance queues the current period's run when it starts; finished ones lose their key.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await sql`delete from jobs where status = 'pending' and unique_key is not null`.execute(db);
  await sql`update jobs set unique_key = null where unique_key is not null`.execute(db);
  await sql`drop index jobs_unique_pending_idx`.execute(db);
  await sql`create unique index jobs_unique_key_idx on jobs (unique_key) where unique_key is not null`.execute(
    db,
  );
}
