import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findVerifiedIdentity } from './identity.repository.ts';

/** What another area (signing) may know of a user's verified identity. */
export interface VerifiedIdentityRef {
  issuer: string;
  acr: string | null;
  name: string | null;
}

/** The user's current verified identity, or undefined when they have none. */
export async function findVerifiedIdentityOf(
  db: Kysely<Database>,
  userId: string,
): Promise<VerifiedIdentityRef | undefined> {
  const row = await findVerifiedIdentity(db, userId);
  if (!row) return undefined;
  return { issuer: row.issuer, acr: row.acr, name: row.name };
}
