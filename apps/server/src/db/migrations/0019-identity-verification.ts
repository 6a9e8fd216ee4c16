import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Identity verification over OpenID Connect (DESIGN §9).
 *
 * - `identity_processes`: one verification in progress. The state, nonce and PKCE verifier
 *   stay here, on the server, keyed by the id the signed `/verify/id_process_id/{data}` carries;
 *   `used_at` is set by whichever answer comes back first, so a process completes once at most.
 *   Ten minutes long; older ones of the person are removed when they start another.
 * - `verified_identities`: what a provider confirmed about a user, one row per user. One
 *   external identity (issuer + subject) binds to one user only: the unique index says so even
 *   when two instances complete at the same moment.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('identity_processes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('code_verifier', 'text', (column) => column.notNull())
    .addColumn('redirect_uri', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('identity_processes_user_idx')
    .on('identity_processes')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('verified_identities')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('acr', 'text')
    .addColumn('is_test', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('verified_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('verified_identities_subject_idx')
    .on('verified_identities')
    .columns(['issuer', 'subject'])
    .unique()
    .execute();
}
