import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.ts';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export async function findIdempotencyRecord(
  db: Kysely<Database>,
  providerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Fails with a unique violation when the key is taken: the guard against double delivery. */
export async function insertIdempotencyRecord(
  db: Kysely<Database>,
  row: IdempotencyRow,
): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}

/** One of the provider's own letters; another provider's id is simply not found. */
export async function findProviderLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
) {
  return db
    .selectFrom('letters')
    .select([
      'id',
      'kind',
      'subject',
      'external_id',
      'delivery_status',
      'recipient_email',
      'created_at',
      'read_at',
      'invoice_status',
      'invoice_amount',
      'invoice_currency',
      'invoice_due_date',
      'invoice_reference',
      'signature_request_id',
      'invoice_paid_at',
      'invoice_paid_via',
      'invoice_cancelled_at',
    ])
    .where('id', '=', letterId)
    .where('provider_id', '=', providerId)
    .where('direction', '=', sql.lit('inbound'))
    .executeTakeFirst();
}

export async function findDocumentsOfLetters(db: Kysely<Database>, letterIds: string[]) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letter_documents')
    .select([
      'id',
      'letter_id',
      'filename',
      'content_type',
      'size',
      'page_count',
      'text_status',
      'text_failure',
    ])
    .where('letter_id', 'in', letterIds)
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}

type Cursor = { createdAt: string; id: string };

/** Letters users sent to the provider: every provider recipient of an outbound letter. */
function selectLetterRecipients(db: Kysely<Database>, providerId: string) {
  return db
    .selectFrom('letter_recipients as r')
    .innerJoin('letters as l', 'l.id', 'r.letter_id')
    .where('r.provider_id', '=', providerId)
    .where('r.channel', '=', sql.lit('provider'))
    .where('l.direction', '=', sql.lit('outbound'));
}

/**
 * One page of what users sent to the provider, newest first: letters (replies and composed
 * letters) and delivered form submissions, by one keyset over (created_at, id) of both. A
 * letter is keyed by its recipient row (a reply's recipient has its letter's id, so cursors
 * from before composed letters still work), a submission by itself; ids are UUIDv7, never
 * shared, so a cursor is a position in both lists at once. Each branch stops at the page
 * size, so a page reads at most twice that many keys.
 */
export async function findMessagePage(
  db: Kysely<Database>,
  providerId: string,
  options: { cursor?: Cursor; limit: number },
) {
  const { cursor } = options;
  let letters = selectLetterRecipients(db, providerId).select([
    sql<'letter' | 'form_submission'>`${sql.lit('letter')}`.as('kind'),
    'l.id as id',
    'r.created_at as sort_at',
    'r.id as sort_id',
  ]);
  let submissions = db
    .selectFrom('form_submissions as s')
    .select([
      sql<'letter' | 'form_submission'>`${sql.lit('form_submission')}`.as('kind'),
      's.id as id',
      's.created_at as sort_at',
      's.id as sort_id',
    ])
    .where('s.provider_id', '=', providerId)
    .where('s.status', '=', sql.lit('delivered'));
  if (cursor) {
    letters = letters.where((eb) =>
      eb(eb.refTuple('r.created_at', 'r.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
    submissions = submissions.where((eb) =>
      eb(eb.refTuple('s.created_at', 's.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  const size = options.limit + 1;
  const newestLetters = letters.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(size);
  const newestSubmissions = submissions
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(size);
  const both = db
    .selectFrom(newestLetters.as('a'))
    .selectAll()
    .unionAll(db.selectFrom(newestSubmissions.as('b')).selectAll());
  return db
    .selectFrom(both.as('m'))
    .selectAll()
    .orderBy('m.sort_at', 'desc')
    .orderBy('m.sort_id', 'desc')
    .limit(size)
    .execute();
}

export type MessageKey = Awaited<ReturnType<typeof findMessagePage>>[number];

/** The letters of a page, by their recipient rows' ids. */
export async function findLetterMessages(
  db: Kysely<Database>,
  providerId: string,
  recipientIds: readonly string[],
) {
  if (recipientIds.length === 0) return [];
  return selectLetterRecipients(db, providerId)
    .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select([
      'l.id',
      'r.id as recipient_id',
      'l.in_reply_to',
      'l.subject',
      'l.body',
      'l.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
      'a.name as account_name',
    ])
    .where('r.id', 'in', recipientIds)
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof findLetterMessages>>[number];

/** A document of a message sent to this provider. */
export async function findMessageDocument(
  db: Kysely<Database>,
  providerId: string,
  messageId: string,
  documentId: string,
) {
  return db
    .selectFrom('letter_documents as d')
    .innerJoin('letters as l', 'l.id', 'd.letter_id')
    .select(['d.filename', 'd.content_type', 'd.size', 'd.storage_key'])
    .where('d.id', '=', documentId)
    .where('l.id', '=', messageId)
    .where('l.direction', '=', sql.lit('outbound'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('letter_recipients as r')
          .select('r.id')
          .whereRef('r.letter_id', '=', 'l.id')
          .where('r.provider_id', '=', providerId)
          .where('r.channel', '=', sql.lit('provider')),
      ),
    )
    .executeTakeFirst();
}
