import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toAccessTokenScope } from './access-tokens.presenter.ts';
import { deleteAccessTokensOfUser, findAllAccessTokensOfUser } from './access-tokens.repository.ts';

/*
 * What the access-tokens area holds about a person, for their data export and for the erasure
 * of their account (DESIGN §9, issue 25). The token hashes stay behind: they are credentials,
 * not the person's data, and useless to them.
 */

export interface AccessTokenExportRow {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Every token the person made, revoked and expired ones too, oldest first. */
export async function exportAccessTokenData(
  db: Kysely<Database>,
  userId: string,
): Promise<AccessTokenExportRow[]> {
  const rows = await findAllAccessTokensOfUser(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scope: toAccessTokenScope(row.scope),
    prefix: row.token_prefix,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  }));
}

/** Removes every token of the person; each stops working at once. Answers how many there were. */
export async function eraseAccessTokenData(db: Kysely<Database>, userId: string): Promise<number> {
  return deleteAccessTokensOfUser(db, userId);
}
