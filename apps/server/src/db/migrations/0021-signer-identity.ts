import type { Kysely } from 'kysely';

/**
 * Signing with a verified identity (issue 24): a provider may require it per signer
 * (`identity_requirement = 'verified'`), and a signer who signed with one keeps what their
 * identity provider confirmed at that moment (issuer, level of assurance, verified name), so
 * the audit page says it even after the identity is verified again or removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_signers')
    .addColumn('identity_requirement', 'text')
    .execute();
  await db.schema.alterTable('signature_signers').addColumn('identity_issuer', 'text').execute();
  await db.schema.alterTable('signature_signers').addColumn('identity_acr', 'text').execute();
  await db.schema.alterTable('signature_signers').addColumn('identity_name', 'text').execute();
}
