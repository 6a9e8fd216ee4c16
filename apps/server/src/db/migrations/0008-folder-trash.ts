import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Folders go to the trash like letters do. A trashed folder keeps its name but no longer
 * blocks a new folder of the same name: the uniqueness holds among live folders only.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema.alterTable('folders').addColumn('trashed_at', timestampType(context)).execute();
  await sql`drop index folders_account_name_idx`.execute(db);
  await sql`create unique index folders_account_name_idx on folders (account_id, lower(name))
      where trashed_at is null`.execute(db);
  // The retention purge looks for folders trashed long ago.
  await sql`create index folders_trashed_idx on folders (trashed_at)
      where trashed_at is not null`.execute(db);
}
