import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ContactsTable, Database } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

/** A contact as its views show it: with the name of the provider it names, if any. */
export type ContactRow = Selectable<ContactsTable> & { provider_name: string | null };
export type ContactTableRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;

/** Rows written per insert: well under either engine's limit of bound parameters. */
const INSERT_CHUNK = 200;

function contactsQuery(db: Kysely<Database>) {
  return db.selectFrom('contacts as c').selectAll('c');
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface ContactListFilter {
  accountId: string;
  /** The query lower-cased, and folded like sort keys. */
  search?: { lower: string; folded: string };
  after?: { sortKey: string; id: string };
  limit: number;
}

/** Live contacts of an account in name order (sort_key, id), from `after` on. */
export async function findContactsPage(
  db: Kysely<Database>,
  filter: ContactListFilter,
): Promise<ContactTableRow[]> {
  let query = contactsQuery(db)
    .where('c.account_id', '=', filter.accountId)
    .where('c.trashed_at', 'is', null);
  if (filter.search) {
    // Names by their accent-free sort key ("ärzte" finds "Ärztekammer" on SQLite too).
    const folded = `%${escapeLike(filter.search.folded)}%`;
    const pattern = `%${escapeLike(filter.search.lower)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`c.sort_key like ${folded} escape '\\'`,
        ...['c.name', 'c.organisation', 'c.email', 'c.city'].map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ]),
    );
  }
  const { after } = filter;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('c.sort_key', '>', after.sortKey),
        eb.and([eb('c.sort_key', '=', after.sortKey), eb('c.id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('c.sort_key').orderBy('c.id').limit(filter.limit).execute();
}

/** Every live contact of an account in name order (the export). */
export async function findAllContacts(
  db: Kysely<Database>,
  accountId: string,
): Promise<ContactTableRow[]> {
  return contactsQuery(db)
    .where('c.account_id', '=', accountId)
    .where('c.trashed_at', 'is', null)
    .orderBy('c.sort_key')
    .orderBy('c.id')
    .execute();
}

/** A contact of the caller's accounts with their role; undefined when not theirs. */
export async function findContactForUser(
  db: Kysely<Database>,
  userId: string,
  contactId: string,
  state: 'live' | 'trashed',
): Promise<(ContactTableRow & { role: string }) | undefined> {
  return contactsQuery(db)
    .select(callerRole(userId, 'c.account_id').as('role'))
    .where('c.id', '=', contactId)
    .where(callerIsMember(userId, 'c.account_id'))
    .where('c.trashed_at', state === 'live' ? 'is' : 'is not', null)
    .executeTakeFirst();
}

export async function insertContacts(db: Kysely<Database>, rows: NewContactRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('contacts')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export async function updateContactRow(
  db: Kysely<Database>,
  contactId: string,
  values: Updateable<ContactsTable>,
): Promise<void> {
  await db.updateTable('contacts').set(values).where('id', '=', contactId).execute();
}

/** What tells a duplicate: the account's live contacts' names, e-mails and addresses. */
export async function findContactKeys(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('contacts')
    .select(['name', 'organisation', 'email', 'street', 'postcode', 'digital_email as kuvert'])
    .where('account_id', '=', accountId)
    .where('trashed_at', 'is', null)
    .execute();
}

export async function findTrashedContactIds(
  db: Kysely<Database>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  let query = db.selectFrom('contacts').select('id').where('trashed_at', 'is not', null);
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.trashedBefore !== undefined)
    query = query.where('trashed_at', '<', filter.trashedBefore);
  const rows = await query.limit(filter.limit).execute();
  return rows.map((row) => row.id);
}

export async function deleteTrashedContactRows(
  db: Kysely<Database>,
  contactIds: string[],
): Promise<number> {
  if (contactIds.length === 0) return 0;
  const result = await db
    .deleteFrom('contacts')
    .where('id', 'in', contactIds)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
