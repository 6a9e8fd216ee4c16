import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { findSignerRows, type SignerWithUserRow } from './signatures.repository.ts';

/**
 * The signers of these requests in the provider's order, with their current profile names
 * (read from the users area at once). `db` may be the caller's transaction.
 */
export async function findSigners(
  db: Kysely<Database>,
  requestIds: string[],
): Promise<SignerWithUserRow[]> {
  const signers = await findSignerRows(db, requestIds);
  const users = await findUserNames(
    db,
    signers.map((signer) => signer.user_id),
  );
  return signers.flatMap((signer) => {
    const user = users.get(signer.user_id);
    if (!user) return [];
    return [{ ...signer, first_name: user.first_name, last_name: user.last_name }];
  });
}
