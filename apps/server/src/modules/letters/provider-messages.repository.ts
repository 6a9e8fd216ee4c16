import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * Letters as a provider reads them through the Sender API: its own inbound letters, and what
 * users sent to it (every provider recipient of an outbound letter).
 */

/** One of the provider's own letters; another provider's id is simply not found. */
export async function findProviderLetterRow(
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

export async function findDocumentRowsOfLetters(db: Kysely<Database>, letterIds: string[]) {
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
 * The newest `size` letters sent to the provider before `cursor`, newest first, each keyed by
 * its recipient row (a reply's recipient has its letter's id).
 */
export async function findSentLetterKeyRows(
  db: Kysely<Database>,
  providerId: string,
  cursor: { createdAt: string; id: string } | undefined,
  size: number,
) {
  let letters = selectLetterRecipients(db, providerId).select([
    'l.id as id',
    'r.created_at as sort_at',
    'r.id as sort_id',
  ]);
  if (cursor) {
    letters = letters.where((eb) =>
      eb(eb.refTuple('r.created_at', 'r.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  return letters.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(size).execute();
}

/** The letters sent to the provider, by their recipient rows' ids. */
export async function findSentLetterRows(
  db: Kysely<Database>,
  providerId: string,
  recipientIds: readonly string[],
) {
  if (recipientIds.length === 0) return [];
  return selectLetterRecipients(db, providerId)
    .select([
      'l.id',
      'r.id as recipient_id',
      'l.in_reply_to',
      'l.subject',
      'l.body',
      'l.created_at',
      'l.created_by_user_id',
      'l.account_id',
    ])
    .where('r.id', 'in', [...recipientIds])
    .execute();
}

/** A document of a letter sent to this provider. */
export async function findSentLetterDocumentRow(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
  documentId: string,
) {
  return db
    .selectFrom('letter_documents as d')
    .innerJoin('letters as l', 'l.id', 'd.letter_id')
    .select(['d.filename', 'd.content_type', 'd.size', 'd.storage_key'])
    .where('d.id', '=', documentId)
    .where('l.id', '=', letterId)
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
