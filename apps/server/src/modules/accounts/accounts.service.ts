import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Account, AccountKind, AccountRole } from '@kuvert/shared/accounts';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { toAccount } from './accounts.presenter.ts';
import {
  findAccountsOfUser,
  insertAccountWithMember,
  updatePersonalAccountName,
} from './accounts.repository.ts';

export async function listAccountsForUser(
  db: Kysely<Database>,
  userId: string,
): Promise<Account[]> {
  const rows = await findAccountsOfUser(db, userId);
  return rows.map(toAccount);
}

/** Creates an account with `userId` as its first member; returns the new account's id. */
export async function createAccount(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  input: { name: string; kind: AccountKind; userId: string; role?: AccountRole },
): Promise<string> {
  const now = app.clock.now();
  const id = newId(now.getTime());
  await insertAccountWithMember(db, {
    id,
    name: input.name,
    kind: input.kind,
    userId: input.userId,
    role: input.role ?? 'owner',
    now: now.toISOString(),
  });
  return id;
}

/** The personal account carries the user's name; it follows a change of name. */
export async function renamePersonalAccount(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<void> {
  await updatePersonalAccountName(db, userId, name);
}
