import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findActiveUserRowsByEmail, findUserContactRows } from './user-contact.repository.ts';

/*
 * What other areas show of a user, looked up by id in one batched query, never one per row:
 * they read their own rows first, then ask here for the users those rows name.
 */

export type UserContact = Awaited<ReturnType<typeof findUserContactRows>>[number];

export type ActiveUser = Awaited<ReturnType<typeof findActiveUserRowsByEmail>>[number];

/** Name, e-mail, language and postal address of the users with these ids, by id. */
export async function findUserContacts(
  db: Kysely<Database>,
  userIds: ReadonlyArray<string | null>,
): Promise<Map<string, UserContact>> {
  return new Map((await findUserContactRows(db, userIds)).map((row) => [row.id, row]));
}

/** `findUserContacts` for one user; undefined when there is none with that id. */
export async function findUserContact(
  db: Kysely<Database>,
  userId: string,
): Promise<UserContact | undefined> {
  return (await findUserContacts(db, [userId])).get(userId);
}

/** The users who are not disabled among these e-mail addresses (compared as stored). */
export async function findActiveUsersByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<ActiveUser[]> {
  return findActiveUserRowsByEmail(db, emails);
}
