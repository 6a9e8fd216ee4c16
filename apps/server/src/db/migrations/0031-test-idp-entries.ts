import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * The built-in test identity provider's state (issue 26): sign-in sessions, interactions, codes,
 * grants and its signing key, in the database every instance shares, so that a verification
 * begun on one instance behind the balancer finishes on another. Each row is one of
 * oidc-provider's models by id; the columns it is also looked up by are copied out of the payload.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('test_idp_entries')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('grant_id', 'text')
    .addColumn('expires_at', timestampType(context), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('test_idp_entries_uid_idx')
    .on('test_idp_entries')
    .column('uid')
    .execute();
  await db.schema
    .createIndex('test_idp_entries_grant_idx')
    .on('test_idp_entries')
    .column('grant_id')
    .execute();
  await db.schema
    .createIndex('test_idp_entries_expires_idx')
    .on('test_idp_entries')
    .column('expires_at')
    .execute();
}
