import type { Kysely } from 'kysely';

/**
 * Onboarding by identity (issue 24): an owner may require that the person invited has a
 * verified identity before the invitation can be accepted (`identity_requirement =
 * 'verified'`; null: no requirement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account_invitations')
    .addColumn('identity_requirement', 'text')
    .execute();
}
