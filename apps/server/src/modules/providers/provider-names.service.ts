import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderRefs } from './provider-refs.service.ts';

/**
 * The names of the providers with these ids (null ids are skipped), by id, in one batched
 * lookup; an id missing from the answer names no provider.
 */
export async function findProviderNames(
  db: Kysely<Database>,
  providerIds: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const refs = await findProviderRefs(db, providerIds);
  return new Map([...refs].map(([id, ref]) => [id, ref.name]));
}
