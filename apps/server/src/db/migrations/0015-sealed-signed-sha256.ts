import { sql, type Kysely } from 'kysely';

/**
 * The verify page finds a seal's request by what the seal signs: the SHA-256 of the bytes its
 * /ByteRange covers, i.e. the sealed file less the signature's /Contents. The whole file's
 * SHA-256 (`sealed_sha256`) changes when the unsigned padding inside /Contents is written to,
 * though no signed byte did; this one does not. Requests sealed before have none, and are
 * still found by `sealed_sha256`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_requests')
    .addColumn('sealed_signed_sha256', 'text')
    .execute();
  await sql`create index signature_requests_sealed_signed_sha_idx
      on signature_requests (sealed_signed_sha256)
      where sealed_signed_sha256 is not null`.execute(db);
}
