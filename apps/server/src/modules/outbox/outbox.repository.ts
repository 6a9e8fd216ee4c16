import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, LetterDraftsTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../../db/scopes.ts';

export type LetterDraftRow = Selectable<LetterDraftsTable>;

/** Values one `in (…)` list takes. */
const LOOKUP_BATCH = 5000;

async function lookUpInBatches<T>(
  values: readonly string[],
  lookUp: (batch: string[]) => Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < values.length; start += LOOKUP_BATCH) {
    found.push(...(await lookUp(values.slice(start, start + LOOKUP_BATCH))));
  }
  return found;
}

/** Text already read from these bytes (documents are stored by content): one per key. */
export async function findKnownTexts(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Map<string, { text: string; pageCount: number | null }>> {
  if (keys.length === 0) return new Map();
  const documents = await lookUpInBatches(keys, (batch) =>
    db
      .selectFrom('letter_documents')
      .select(['storage_key', 'text', 'page_count'])
      .where('storage_key', 'in', batch)
      .where('text_status', '=', 'extracted')
      .execute(),
  );
  const uploads = await lookUpInBatches(keys, (batch) =>
    db
      .selectFrom('uploads')
      .select(['storage_key', 'text', 'page_count'])
      .where('storage_key', 'in', batch)
      .where('text_status', '=', 'extracted')
      .where('text', 'is not', null)
      .execute(),
  );
  const known = new Map<string, { text: string; pageCount: number | null }>();
  for (const row of [...documents, ...uploads]) {
    if (row.storage_key && row.text !== null && !known.has(row.storage_key)) {
      known.set(row.storage_key, { text: row.text, pageCount: row.page_count });
    }
  }
  return known;
}

export async function findProvidersByIds(db: Kysely<Database>, ids: readonly string[]) {
  return lookUpInBatches(ids, (batch) =>
    db.selectFrom('providers').select(['id', 'name']).where('id', 'in', batch).execute(),
  );
}

/** Kuvert users by e-mail address, each with the personal account they own. */
export async function findKuvertRecipients(db: Kysely<Database>, emails: readonly string[]) {
  return lookUpInBatches(emails, (batch) =>
    db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select([
        'u.id as user_id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'a.id as account_id',
        'a.created_at as account_created_at',
      ])
      .where('u.email', 'in', batch)
      .where('u.disabled_at', 'is', null)
      .where('a.kind', '=', 'personal')
      .where('m.role', '=', 'owner')
      .execute(),
  );
}

/** The sending user with their role in the account; undefined when not a member. */
export async function findSenderInAccount(db: Kysely<Database>, userId: string, accountId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.language',
      'u.address_street',
      'u.address_postcode',
      'u.address_city',
      'u.address_country',
      'm.role',
      'm.account_id',
    ])
    .where('u.id', '=', userId)
    .where('m.account_id', '=', accountId)
    .executeTakeFirst();
}

/** The outbound letter a Kuvert copy was delivered from (undefined when deleted). */
export async function findOutboundLetterOfCopy(
  db: Kysely<Database>,
  copyId: string,
): Promise<{ id: string; account_id: string } | undefined> {
  return db
    .selectFrom('letter_recipients as r')
    .innerJoin('letters as l', 'l.id', 'r.letter_id')
    .select(['l.id', 'l.account_id'])
    .where('r.delivered_letter_id', '=', copyId)
    .executeTakeFirst();
}

// Drafts ------------------------------------------------------------------------------------

export async function findDraftsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('letter_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by_user_id')
    .selectAll('d')
    .select(['u.first_name', 'u.last_name'])
    .where('d.account_id', '=', accountId)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/** A draft of an account the caller is a member of, with their role; undefined otherwise. */
export async function findDraftForUser(db: Kysely<Database>, userId: string, draftId: string) {
  return db
    .selectFrom('letter_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by_user_id')
    .selectAll('d')
    .select(['u.first_name', 'u.last_name', callerRole(userId, 'd.account_id').as('role')])
    .where('d.id', '=', draftId)
    .where(callerIsMember(userId, 'd.account_id'))
    .executeTakeFirst();
}

export type DraftWithAuthorRow = NonNullable<Awaited<ReturnType<typeof findDraftForUser>>>;

export async function insertDraft(
  db: Kysely<Database>,
  row: Insertable<LetterDraftsTable>,
): Promise<void> {
  await db.insertInto('letter_drafts').values(row).execute();
}

/** Saves over the draft if it is still at `version`; answers whether it was. */
export async function updateDraftAtVersion(
  db: Kysely<Database>,
  draftId: string,
  version: number,
  values: { subject: string; content: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('letter_drafts')
    .set({ ...values, version: version + 1 })
    .where('id', '=', draftId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the draft of the account; answers whether there was one to delete. */
export async function deleteDraft(
  db: Kysely<Database>,
  accountId: string,
  draftId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('letter_drafts')
    .where('id', '=', draftId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Deliveries of mail merges' letters --------------------------------------------------------

/** Each recipient's delivery of the given letters (a merge's letter has one recipient). */
export async function findRecipientDeliveries(db: Kysely<Database>, letterIds: readonly string[]) {
  return lookUpInBatches(letterIds, (batch) =>
    db
      .selectFrom('letter_recipients')
      .select(['letter_id', 'status', 'failure_reason'])
      .where('letter_id', 'in', batch)
      .orderBy('letter_id')
      .orderBy('position')
      .execute(),
  );
}

/** The recipients of the merges' letters counted by delivery status, per merge. */
export async function countRecipientDeliveriesOfMerges(
  db: Kysely<Database>,
  mailMergeIds: readonly string[],
) {
  return lookUpInBatches(mailMergeIds, (batch) =>
    db
      .selectFrom('letter_recipients as r')
      .innerJoin('letters as l', 'l.id', 'r.letter_id')
      .select([
        'l.mail_merge_id',
        'r.status',
        (eb) => eb.fn.countAll<string | number>().as('count'),
      ])
      .where('l.mail_merge_id', 'in', batch)
      .groupBy(['l.mail_merge_id', 'r.status'])
      .execute(),
  );
}
